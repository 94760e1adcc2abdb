import { describe, expect, it } from 'vitest';
import { splitEventData } from './generation.ts';

describe('reading the job event stream', () => {
  it('takes the data of complete events and keeps a partial one for the next chunk', () => {
    const first = splitEventData('data: {"a":1}\n\n: keep-alive\n\ndata: {"b"');
    expect(first).toEqual({ data: ['{"a":1}'], rest: 'data: {"b"' });
    const second = splitEventData(`${first.rest}:2}\r\n\r\n`);
    expect(second).toEqual({ data: ['{"b":2}'], rest: '' });
  });

  it('joins multi-line data and ignores named events without data', () => {
    const { data } = splitEventData('event: failure\ndata: line one\ndata: line two\n\nevent: ping\n\n');
    expect(data).toEqual(['line one\nline two']);
  });
});
