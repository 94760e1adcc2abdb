import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, describe, expect, it } from 'vitest';
import { GraphBuilder } from '../onnx/graph-builder.ts';
import { channelMeanClassifier } from './safety-classifier.fixture.ts';
import { loadSafetyClassifier } from './safety-classifier.ts';

const solid = (r: number, g: number, b: number, width = 100, height = 80) => {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set([r, g, b], i * 3);
  return { data, width, height, channels: 3 as const };
};

describe('the optional image safety classifier', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pictura-safety-'));
  const path = join(dir, 'classifier.onnx');
  writeFileSync(path, channelMeanClassifier());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('scores an image of any size with the configured class and flags it from the threshold', async () => {
    const classifier = await loadSafetyClassifier(ort, { path, classIndex: 0, threshold: 0.6 });
    expect(await classifier.score(solid(255, 0, 0))).toBeCloseTo(1, 3);
    expect(await classifier.score(solid(0, 0, 255, 40, 300))).toBeCloseTo(0, 3);
    expect(await classifier.isUnsafe(solid(255, 0, 0))).toBe(true);
    expect(await classifier.isUnsafe(solid(128, 0, 0))).toBe(false); // 0.5 < 0.6
    expect(await classifier.isUnsafe(solid(0, 0, 255))).toBe(false);
  });

  it('refuses a class the model does not have, and a model that is not an image classifier', async () => {
    const classifier = await loadSafetyClassifier(ort, { path, classIndex: 5, threshold: 0.5 });
    await expect(classifier.score(solid(1, 2, 3))).rejects.toThrow('out of range');
    const g = new GraphBuilder('text');
    const ids = g.input('ids', 'int64', [1, 77]);
    g.node('Identity', [ids], ['out']);
    g.output('out', 'int64', [1, 77]);
    const bad = join(dir, 'text.onnx');
    writeFileSync(bad, g.build());
    await expect(loadSafetyClassifier(ort, { path: bad, classIndex: 0, threshold: 0.5 })).rejects.toThrow(
      'expected one float32 NCHW image input',
    );
  });
});
