import { describe, expect, it } from 'vitest';
import { createSchedule, eulerTimesteps, lcmTimesteps, parseSchedulerConfig } from './schedulers.ts';

// stabilityai/sd-turbo's scheduler/scheduler_config.json (fields the samplers read).
const SD_TURBO = {
  _class_name: 'EulerDiscreteScheduler',
  beta_start: 0.00085,
  beta_end: 0.012,
  beta_schedule: 'scaled_linear',
  num_train_timesteps: 1000,
  prediction_type: 'epsilon',
  steps_offset: 1,
  timestep_spacing: 'trailing',
};

/** σ_t = sqrt((1 − ᾱ_t) / ᾱ_t) with scaled-linear betas, written out independently of the module. */
function referenceSigma(t: number): number {
  let alphaBar = 1;
  for (let i = 0; i <= t; i++) {
    const sqrtBeta = Math.sqrt(0.00085) + ((Math.sqrt(0.012) - Math.sqrt(0.00085)) * i) / 999;
    alphaBar *= 1 - sqrtBeta * sqrtBeta;
  }
  return Math.sqrt((1 - alphaBar) / alphaBar);
}
function referenceAlphaBar(t: number): number {
  const sigma = referenceSigma(t);
  return 1 / (sigma * sigma + 1);
}

const config = (overrides: Record<string, unknown>) => parseSchedulerConfig({ ...SD_TURBO, ...overrides });
const noNoise = () => {
  throw new Error('a deterministic step drew noise');
};

describe('Euler (SD-Turbo)', () => {
  it('runs one step at timestep 999 with sigma ≈ 14.6146 and starts from that much noise', () => {
    const schedule = createSchedule(parseSchedulerConfig(SD_TURBO), 1);
    expect(schedule.kind).toBe('euler');
    expect(schedule.timesteps).toEqual([999]);
    // numpy (float64) gives 14.614641229333639 for the same schedule.
    expect(referenceSigma(999)).toBeCloseTo(14.614641229333639, 9);
    expect(schedule.sigmas?.[0]).toBeCloseTo(referenceSigma(999), 9);
    expect(schedule.sigmas?.[1]).toBe(0);
    expect(schedule.initNoiseSigma).toBeCloseTo(14.6146, 4);
  });

  it('scales the model input by 1/sqrt(σ²+1) and steps to x0 = latent − σ·eps', () => {
    const schedule = createSchedule(parseSchedulerConfig(SD_TURBO), 1);
    const sigma = referenceSigma(999);
    expect(schedule.modelInputScale(0)).toBeCloseTo(1 / Math.sqrt(sigma * sigma + 1), 12);
    const latents = new Float32Array([10, -3, 0.5]);
    const eps = new Float32Array([0.7, -0.2, 1.5]);
    const next = schedule.step(0, latents, eps, noNoise);
    for (let i = 0; i < 3; i++) expect(next[i]).toBeCloseTo(latents[i] - sigma * eps[i], 4);
  });

  it('steps partway to the next sigma on multi-step schedules', () => {
    const schedule = createSchedule(parseSchedulerConfig(SD_TURBO), 2);
    expect(schedule.timesteps).toEqual([999, 499]);
    const [s0, s1] = [referenceSigma(999), referenceSigma(499)];
    const next = schedule.step(0, new Float32Array([4]), new Float32Array([0.25]), noNoise);
    // derivative (x − x0)/σ = eps for epsilon prediction
    expect(next[0]).toBeCloseTo(4 + 0.25 * (s1 - s0), 5);
  });

  it('turns a v-prediction into x0 = −σ/sqrt(σ²+1)·v + x/(σ²+1)', () => {
    const schedule = createSchedule(config({ prediction_type: 'v_prediction' }), 1);
    const sigma = referenceSigma(999);
    const next = schedule.step(0, new Float32Array([8]), new Float32Array([-0.5]), noNoise);
    expect(next[0]).toBeCloseTo((-sigma / Math.sqrt(sigma ** 2 + 1)) * -0.5 + 8 / (sigma ** 2 + 1), 5);
  });

  it('spaces timesteps as diffusers does for trailing, leading and linspace', () => {
    expect(eulerTimesteps(config({}), 3)).toEqual([999, 666, 332]);
    expect(eulerTimesteps(config({}), 4)).toEqual([999, 749, 499, 249]);
    expect(eulerTimesteps(config({ timestep_spacing: 'leading' }), 4)).toEqual([751, 501, 251, 1]);
    expect(eulerTimesteps(config({ timestep_spacing: 'linspace' }), 4)).toEqual([999, 666, 333, 0]);
    expect(eulerTimesteps(config({ timestep_spacing: 'linspace' }), 3)).toEqual([999, 499.5, 0]);
  });

  it('interpolates sigma between training timesteps and adds 1 to the initial noise only for leading', () => {
    const linspace = createSchedule(config({ timestep_spacing: 'linspace' }), 3);
    expect(linspace.sigmas?.[1]).toBeCloseTo((referenceSigma(499) + referenceSigma(500)) / 2, 9);
    const leading = createSchedule(config({ timestep_spacing: 'leading' }), 4);
    expect(leading.initNoiseSigma).toBeCloseTo(Math.sqrt(referenceSigma(751) ** 2 + 1), 9);
  });
});

describe('Euler ancestral (SDXL-Turbo)', () => {
  const ancestral = { _class_name: 'EulerAncestralDiscreteScheduler' };

  it('takes the deterministic part down to σ_down and adds fresh noise of σ_up', () => {
    const schedule = createSchedule(config(ancestral), 2);
    expect(schedule.kind).toBe('euler_ancestral');
    const [s0, s1] = [referenceSigma(999), referenceSigma(499)];
    const up = Math.sqrt((s1 ** 2 * (s0 ** 2 - s1 ** 2)) / s0 ** 2);
    const down = Math.sqrt(s1 ** 2 - up ** 2);
    const next = schedule.step(0, new Float32Array([5]), new Float32Array([0.3]), () => 0.5);
    expect(next[0]).toBeCloseTo(5 + 0.3 * (down - s0) + up * 0.5, 5);
    // The last step lands on x0 and draws no noise.
    expect(schedule.step(1, new Float32Array([5]), new Float32Array([0.3]), noNoise)[0]).toBeCloseTo(
      5 - s1 * 0.3,
      5,
    );
  });
});

describe('LCM', () => {
  const lcm = { _class_name: 'LCMScheduler', original_inference_steps: 50, timestep_scaling: 10 };

  it('picks evenly spaced timesteps from the 50-step distillation schedule', () => {
    // Distillation schedule: 999, 979, ..., 19 (k = 20); indices floor(i·50/steps).
    expect(lcmTimesteps(config(lcm), 1)).toEqual([999]);
    expect(lcmTimesteps(config(lcm), 2)).toEqual([999, 499]);
    expect(lcmTimesteps(config(lcm), 3)).toEqual([999, 679, 339]);
    expect(lcmTimesteps(config(lcm), 4)).toEqual([999, 759, 499, 259]);
  });

  it('starts from unit noise, leaves the model input unscaled and applies the boundary condition', () => {
    const schedule = createSchedule(config(lcm), 2);
    expect(schedule.initNoiseSigma).toBe(1);
    expect(schedule.modelInputScale(0)).toBe(1);
    const [a999, a499] = [referenceAlphaBar(999), referenceAlphaBar(499)];
    const x = 0.8;
    const eps = -0.4;
    const x0 = (x - Math.sqrt(1 - a999) * eps) / Math.sqrt(a999);
    const cSkip = 0.25 / (9990 ** 2 + 0.25);
    const cOut = 9990 / Math.sqrt(9990 ** 2 + 0.25);
    const denoised = cOut * x0 + cSkip * x;
    const first = schedule.step(0, new Float32Array([x]), new Float32Array([eps]), () => 1.25);
    expect(first[0]).toBeCloseTo(Math.sqrt(a499) * denoised + Math.sqrt(1 - a499) * 1.25, 4);
    const x0Last = (x - Math.sqrt(1 - a499) * eps) / Math.sqrt(a499);
    const cSkipLast = 0.25 / (4990 ** 2 + 0.25);
    const cOutLast = 4990 / Math.sqrt(4990 ** 2 + 0.25);
    const last = schedule.step(1, new Float32Array([x]), new Float32Array([eps]), noNoise);
    expect(last[0]).toBeCloseTo(cOutLast * x0Last + cSkipLast * x, 4);
  });
});

describe('parseSchedulerConfig', () => {
  it('runs other diffusers schedulers as Euler on the same noise schedule', () => {
    expect(parseSchedulerConfig({ ...SD_TURBO, _class_name: 'PNDMScheduler' }).kind).toBe('euler');
  });

  it('refuses settings it would silently get wrong', () => {
    expect(() => config({ beta_schedule: 'squaredcos_cap_v2' })).toThrow(/beta_schedule "squaredcos_cap_v2"/);
    expect(() => config({ prediction_type: 'sample' })).toThrow(/prediction_type/);
    expect(() => config({ use_karras_sigmas: true })).toThrow(/Karras/);
    expect(() => createSchedule(config({}), 0)).toThrow(/positive integer/);
  });
});
