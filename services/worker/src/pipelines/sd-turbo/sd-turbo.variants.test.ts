import { describe, expect, it } from 'vitest';
import {
  CAT_IDS,
  expectedImage,
  HEIGHT,
  maxDifference,
  params,
  TIME_TERM,
  textTerm,
  useTinyFolders,
  WIDTH,
} from '../../../test/pipelines/sd-turbo/sd-turbo.expected.ts';
import {
  TEXT_SCALE,
  UNET_GUIDANCE,
  UNET_POOLED,
  UNET_TEXT_XL,
  UNET_TIME_IDS,
} from '../../../test/pipelines/sd-turbo/sd-turbo.fixture.ts';

const { render } = useTinyFolders();

describe('SDXL-Turbo and LCM variants', () => {
  const sum = (ids: number[]) => ids.reduce((a, b) => a + b, 0);

  it("concatenates both encoders' penultimate hidden states, feeds the pooled embedding and size ids", async () => {
    const sdxlTurbo = {
      _class_name: 'EulerAncestralDiscreteScheduler',
      beta_start: 0.00085,
      beta_end: 0.012,
      beta_schedule: 'scaled_linear',
      timestep_spacing: 'trailing',
    };
    const { image, info } = await render(
      { sdxl: true, schedulerConfig: sdxlTurbo },
      { settings: { steps: 1, guidance: 2 } },
      params(),
    );
    expect(info).toMatchObject({ family: 'sdxl', scheduler: 'euler_ancestral', vaeScalingFactor: 0.13025 });
    // First tokenizer pads with EOS, the second with "!"; widths 4 and 8 side by side.
    const ids1 = [...CAT_IDS, ...new Array(74).fill(49407)];
    const hiddenMean = (sum(ids1) * TEXT_SCALE * 10 + sum(CAT_IDS) * TEXT_SCALE * 36) / (77 * 12);
    const pooledMean = (sum(CAT_IDS) / 77) * TEXT_SCALE * 4.5;
    const timeIds = UNET_TIME_IDS * (1 * HEIGHT + 2 * WIDTH + 5 * HEIGHT + 6 * WIDTH); // [h, w, 0, 0, h, w]
    const expected = expectedImage({
      seed: 1234,
      term: UNET_TEXT_XL * hiddenMean + UNET_POOLED * pooledMean + timeIds + TIME_TERM,
      // An empty negative prompt is all-zero conditioning on SDXL (force_zeros_for_empty_prompt).
      negative: { term: timeIds + TIME_TERM, guidance: 2 },
      scalingFactor: 0.13025,
    });
    expect(new Set(expected).size).toBeGreaterThan(50);
    expect(maxDifference(image, expected)).toBeLessThanOrEqual(1);
  });

  it('gives an LCM-distilled UNet the guidance embedding instead of a negative pass', async () => {
    const lcm = {
      _class_name: 'LCMScheduler',
      beta_start: 0.00085,
      beta_end: 0.012,
      beta_schedule: 'scaled_linear',
      original_inference_steps: 50,
    };
    const { image, info } = await render(
      { guidanceEmbedding: true, schedulerConfig: lcm },
      { settings: { steps: 1, guidance: 8.5 } },
      params({ negativePrompt: 'blurry' }),
    );
    expect(info).toMatchObject({ scheduler: 'lcm', guidanceScale: 8.5 });
    // diffusers' get_guidance_scale_embedding(w = 8.5 − 1, 256): sin and cos of 1000·w·10000^(−k/127).
    let embeddingSum = 0;
    for (let k = 0; k < 128; k++) {
      const angle = 7500 * 10000 ** (-k / 127);
      embeddingSum += Math.sin(angle) + Math.cos(angle);
    }
    const term = textTerm(CAT_IDS) + TIME_TERM + UNET_GUIDANCE * (embeddingSum / 256);
    expect(maxDifference(image, expectedImage({ seed: 1234, term, sampler: 'lcm' }))).toBeLessThanOrEqual(1);
  });
});
