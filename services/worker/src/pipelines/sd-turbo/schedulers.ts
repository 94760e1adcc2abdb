// Few-step samplers over diffusers' discrete noise schedule, read from scheduler/scheduler_config.json:
// Euler (SD-Turbo), Euler ancestral (SDXL-Turbo) and LCM. They follow diffusers' arithmetic, because
// distilled models are tuned to exactly those timesteps and sigmas.

export type SchedulerKind = 'euler' | 'euler_ancestral' | 'lcm';
export type PredictionType = 'epsilon' | 'v_prediction';
type TimestepSpacing = 'leading' | 'trailing' | 'linspace';

export interface SchedulerConfig {
  kind: SchedulerKind;
  numTrainTimesteps: number;
  betaStart: number;
  betaEnd: number;
  betaSchedule: 'scaled_linear' | 'linear';
  timestepSpacing: TimestepSpacing;
  stepsOffset: number;
  predictionType: PredictionType;
  /** LCM: the distillation schedule its timesteps are picked from. */
  originalInferenceSteps: number;
  /** LCM: timestep multiplier in the consistency boundary condition. */
  timestepScaling: number;
}

const KIND_BY_CLASS: Record<string, SchedulerKind> = {
  EulerDiscreteScheduler: 'euler',
  EulerAncestralDiscreteScheduler: 'euler_ancestral',
  LCMScheduler: 'lcm',
};

function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (allowed.includes(value as T)) return value as T;
  throw new Error(
    `scheduler_config.json: ${field} "${String(value)}" is not supported (use ${allowed.join(' or ')})`,
  );
}

/**
 * Defaults are diffusers' own. Other scheduler classes (PNDM, DDIM...) share the noise-schedule fields, so
 * they run as Euler, as diffusers allows when swapping schedulers with `from_config`.
 */
export function parseSchedulerConfig(json: Record<string, unknown>, kind?: SchedulerKind): SchedulerConfig {
  if (json.use_karras_sigmas === true || json.rescale_betas_zero_snr === true) {
    throw new Error('scheduler_config.json: Karras sigmas and zero-SNR rescaling are not supported');
  }
  const number = (field: string, fallback: number) =>
    typeof json[field] === 'number' ? (json[field] as number) : fallback;
  return {
    kind: kind ?? KIND_BY_CLASS[String(json._class_name)] ?? 'euler',
    numTrainTimesteps: number('num_train_timesteps', 1000),
    betaStart: number('beta_start', 0.0001),
    betaEnd: number('beta_end', 0.02),
    betaSchedule: oneOf('beta_schedule', json.beta_schedule, ['scaled_linear', 'linear'], 'linear'),
    timestepSpacing: oneOf(
      'timestep_spacing',
      json.timestep_spacing,
      ['leading', 'trailing', 'linspace'],
      'linspace',
    ),
    stepsOffset: number('steps_offset', 0),
    predictionType: oneOf('prediction_type', json.prediction_type, ['epsilon', 'v_prediction'], 'epsilon'),
    originalInferenceSteps: number('original_inference_steps', 50),
    timestepScaling: number('timestep_scaling', 10),
  };
}

/** ᾱ_t for every training timestep. */
export function alphasCumprod(config: SchedulerConfig): Float64Array {
  const n = config.numTrainTimesteps;
  const out = new Float64Array(n);
  let product = 1;
  for (let i = 0; i < n; i++) {
    const fraction = n === 1 ? 0 : i / (n - 1);
    const beta =
      config.betaSchedule === 'scaled_linear'
        ? (Math.sqrt(config.betaStart) +
            (Math.sqrt(config.betaEnd) - Math.sqrt(config.betaStart)) * fraction) **
          2
        : config.betaStart + (config.betaEnd - config.betaStart) * fraction;
    product *= 1 - beta;
    out[i] = product;
  }
  return out;
}

export interface DenoisingSchedule {
  readonly kind: SchedulerKind;
  /** The UNet's timestep at each step, highest first. */
  readonly timesteps: readonly number[];
  /** Euler samplers: the noise level at each step, then 0. */
  readonly sigmas?: readonly number[];
  /** Standard deviation of the initial latent noise. */
  readonly initNoiseSigma: number;
  /** Factor applied to the latents before the UNet sees them at `step`. */
  modelInputScale(step: number): number;
  /** The latents after `step`, from the UNet's prediction; `randomNormal` feeds the stochastic samplers. */
  step(
    step: number,
    latents: Float32Array,
    prediction: Float32Array,
    randomNormal: () => number,
  ): Float32Array;
  /** Image-to-image: clean latents noised to the level `step` starts from (diffusers' add_noise). */
  noised(step: number, clean: Float32Array, randomNormal: () => number): Float32Array;
}

export function createSchedule(config: SchedulerConfig, steps: number): DenoisingSchedule {
  if (!Number.isInteger(steps) || steps < 1)
    throw new Error(`steps must be a positive integer, got ${steps}`);
  return config.kind === 'lcm' ? lcmSchedule(config, steps) : eulerSchedule(config, steps);
}

/** numpy's round(): half to even. */
function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff !== 0.5) return Math.round(x);
  return floor % 2 === 0 ? floor : floor + 1;
}

export function eulerTimesteps(config: SchedulerConfig, steps: number): number[] {
  const n = config.numTrainTimesteps;
  const indices = Array.from({ length: steps }, (_, i) => i);
  switch (config.timestepSpacing) {
    case 'linspace':
      // np.linspace(0, n - 1, steps)[::-1]; a single step lands on 0 there too.
      return indices.map((i) => (steps === 1 ? 0 : ((n - 1) * i) / (steps - 1))).reverse();
    case 'leading': {
      const ratio = Math.floor(n / steps);
      return indices.map((i) => roundHalfEven(i * ratio) + config.stepsOffset).reverse();
    }
    case 'trailing': {
      const ratio = n / steps;
      return indices.map((i) => roundHalfEven(n - i * ratio) - 1);
    }
  }
}

function eulerSchedule(config: SchedulerConfig, steps: number): DenoisingSchedule {
  const alphas = alphasCumprod(config);
  const trainSigmas = Array.from(alphas, (a) => Math.sqrt((1 - a) / a));
  const timesteps = eulerTimesteps(config, steps);
  // Linear interpolation between training sigmas (np.interp), then a final 0 for the clean image.
  const sigmas = timesteps.map((t) => {
    const low = Math.floor(t);
    const high = Math.min(low + 1, trainSigmas.length - 1);
    return trainSigmas[low] + (trainSigmas[high] - trainSigmas[low]) * (t - low);
  });
  sigmas.push(0);
  const maxSigma = Math.max(...sigmas);
  const ancestral = config.kind === 'euler_ancestral';
  return {
    kind: config.kind,
    timesteps,
    sigmas,
    // diffusers' quirk, kept because models were tuned with it: only "leading" adds the +1.
    initNoiseSigma: config.timestepSpacing === 'leading' ? Math.sqrt(maxSigma ** 2 + 1) : maxSigma,
    modelInputScale: (step) => 1 / Math.sqrt(sigmas[step] ** 2 + 1),
    noised: (step, clean, randomNormal) => clean.map((x) => x + sigmas[step] * randomNormal()),
    step(step, latents, prediction, randomNormal) {
      const sigma = sigmas[step];
      const next = sigmas[step + 1];
      const up = ancestral ? Math.sqrt((next ** 2 * (sigma ** 2 - next ** 2)) / sigma ** 2) : 0;
      const target = ancestral ? Math.sqrt(next ** 2 - up ** 2) : next;
      const vScale = sigma ** 2 + 1;
      const out = new Float32Array(latents.length);
      for (let i = 0; i < latents.length; i++) {
        const x = latents[i];
        const x0 =
          config.predictionType === 'epsilon'
            ? x - sigma * prediction[i]
            : (prediction[i] * -sigma) / Math.sqrt(vScale) + x / vScale;
        const derivative = (x - x0) / sigma;
        out[i] = x + derivative * (target - sigma) + (up > 0 ? up * randomNormal() : 0);
      }
      return out;
    },
  };
}

export function lcmTimesteps(config: SchedulerConfig, steps: number): number[] {
  const original = config.originalInferenceSteps;
  if (steps > original) throw new Error(`LCM takes at most ${original} steps, got ${steps}`);
  const k = Math.floor(config.numTrainTimesteps / original);
  const origin = Array.from({ length: original }, (_, i) => (original - i) * k - 1);
  return Array.from({ length: steps }, (_, i) => origin[Math.floor((i * original) / steps)]);
}

function lcmSchedule(config: SchedulerConfig, steps: number): DenoisingSchedule {
  const alphas = alphasCumprod(config);
  const timesteps = lcmTimesteps(config, steps);
  return {
    kind: 'lcm',
    timesteps,
    initNoiseSigma: 1,
    modelInputScale: () => 1,
    noised(step, clean, randomNormal) {
      const alpha = alphas[timesteps[step]];
      return clean.map((x) => Math.sqrt(alpha) * x + Math.sqrt(1 - alpha) * randomNormal());
    },
    step(step, latents, prediction, randomNormal) {
      const t = timesteps[step];
      const last = step === timesteps.length - 1;
      const alpha = alphas[t];
      const alphaPrev = alphas[last ? t : timesteps[step + 1]];
      // Consistency-model boundary condition (sigma_data = 0.5).
      const scaled = t * config.timestepScaling;
      const cSkip = 0.25 / (scaled ** 2 + 0.25);
      const cOut = scaled / Math.sqrt(scaled ** 2 + 0.25);
      const out = new Float32Array(latents.length);
      for (let i = 0; i < latents.length; i++) {
        const x = latents[i];
        const x0 =
          config.predictionType === 'epsilon'
            ? (x - Math.sqrt(1 - alpha) * prediction[i]) / Math.sqrt(alpha)
            : Math.sqrt(alpha) * x - Math.sqrt(1 - alpha) * prediction[i];
        const denoised = cOut * x0 + cSkip * x;
        out[i] = last
          ? denoised
          : Math.sqrt(alphaPrev) * denoised + Math.sqrt(1 - alphaPrev) * randomNormal();
      }
      return out;
    },
  };
}
