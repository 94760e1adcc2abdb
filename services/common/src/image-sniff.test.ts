import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-sniff.ts';

const pixel = () => sharp({ create: { width: 2, height: 2, channels: 3, background: '#123456' } });

describe('sniffImageType', () => {
  it('recognises JPEG, PNG and WebP made by sharp', async () => {
    expect(sniffImageType(await pixel().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await pixel().png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await pixel().webp().toBuffer())).toBe('image/webp');
  });

  it('refuses the formats we do not accept, even though sharp reads them', async () => {
    expect(sniffImageType(await pixel().gif().toBuffer())).toBeNull();
    expect(sniffImageType(await pixel().tiff().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it.each([
    ['text', Buffer.from('just some text, saved as cat.png')],
    ['empty', Buffer.alloc(0)],
    ['a cut-off PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])],
    ['a RIFF that is not WebP', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1')],
    ['a short RIFF', Buffer.from('RIFF\x24\x00\x00\x00WEB', 'latin1')],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});
