import { ScalarType } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { GenerationOptionsSchema } from './gen/jobs/v1/jobs_pb.ts';
import {
  DEFAULT_CHOICES,
  GENERATION_CHOICES,
  GENERATION_OPTION_RULES,
  knownChoice,
  MAX_IMAGES_PER_REQUEST,
  SEED_MAX,
} from './generation-options.ts';

describe('the generation options', () => {
  it('name every option the proto carries, each list option as a plain string (its values live here)', () => {
    const proto = new Map(GenerationOptionsSchema.fields.map((field) => [field.localName, field]));
    for (const name of Object.keys(GENERATION_OPTION_RULES)) expect(proto.has(name), name).toBe(true);
    for (const choice of Object.keys(GENERATION_CHOICES)) {
      const field = proto.get(choice)!;
      expect([field.fieldKind, field.scalar], choice).toEqual(['scalar', ScalarType.STRING]);
    }
    expect(proto.get('seed')?.scalar).toBe(ScalarType.UINT32);
    expect(SEED_MAX).toBe(0xffffffff);
  });

  it('default each list option to one of its values, and the count to a count a request may ask for', () => {
    for (const [choice, values] of Object.entries(GENERATION_CHOICES)) {
      expect(values, choice).toContain(DEFAULT_CHOICES[choice as keyof typeof DEFAULT_CHOICES]);
      expect(GENERATION_OPTION_RULES[choice as keyof typeof GENERATION_CHOICES].values).toBe(values);
    }
    const { count } = GENERATION_OPTION_RULES;
    expect([count.minimum, count.default, count.maximum]).toEqual([1, 1, MAX_IMAGES_PER_REQUEST]);
  });

  it('knows a stored value only when it is on the list (not an inherited property name)', () => {
    expect(knownChoice('style', 'watercolor')).toBe('watercolor');
    expect(knownChoice('aspectRatio', 'landscape_16_9')).toBe('landscape_16_9');
    expect(knownChoice('aspectRatio', 'constructor')).toBeUndefined();
    expect(knownChoice('color', 'sepia')).toBeUndefined();
    expect(knownChoice('lighting', 3)).toBeUndefined();
  });
});
