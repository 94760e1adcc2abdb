import {
  ASPECT_RATIOS,
  type AspectRatio,
  COLORS,
  LIGHTINGS,
  STYLES,
} from '@pictura/common/generation-options';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerateRequest } from '../../api/generation.ts';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { SparklesIcon } from '../../components/icons.tsx';
import {
  chosenModel,
  defaultModel,
  negativePromptApplies,
  onlyDemoGenerators,
} from '../../components/model-names.ts';
import { SelectField } from '../../components/select-field.tsx';
import { useAllModels } from '../../hooks/use-models.ts';
import { AspectRatioVisual } from './aspect-ratio-visual.tsx';
import { DemoModelNotice } from './demo-model-notice.tsx';
import {
  type GeneratorFormErrors,
  type GeneratorFormValues,
  hasErrors,
  IMAGE_COUNTS,
  INITIAL_FORM_VALUES,
  PROMPT_MAX_LENGTH,
  toGenerateRequest,
  validateGeneratorForm,
} from './generator-form-model.ts';

const ASPECT_RATIO_KEYS = Object.keys(ASPECT_RATIOS) as AspectRatio[];

/** Settings to load into the form (an example's "Create Similar"); a new `id` applies them again. */
export interface GeneratorPreset {
  id: number;
  values: Partial<GeneratorFormValues>;
}

interface GeneratorFormProps {
  busy: boolean;
  onGenerate: (request: GenerateRequest) => void;
  preset?: GeneratorPreset | null;
}

export function GeneratorForm({ busy, onGenerate, preset }: GeneratorFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<GeneratorFormValues>(() => ({
    ...INITIAL_FORM_VALUES,
    ...preset?.values,
  }));
  const models = useAllModels();
  const appliedPreset = useRef(preset?.id);
  useEffect(() => {
    if (!preset || appliedPreset.current === preset.id) return;
    appliedPreset.current = preset.id;
    setValues({ ...INITIAL_FORM_VALUES, ...preset.values });
    setErrors({});
  }, [preset]);
  const [errors, setErrors] = useState<GeneratorFormErrors>({});
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const seedRef = useRef<HTMLInputElement>(null);
  const ids = {
    prompt: useId(),
    promptError: useId(),
    promptCounter: useId(),
    negative: useId(),
    negativeHint: useId(),
    seed: useId(),
    seedHint: useId(),
    seedError: useId(),
    transparent: useId(),
    transparentHint: useId(),
  };

  function update<K extends keyof GeneratorFormValues>(key: K, value: GeneratorFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'prompt' || key === 'seed') {
      const field = key as keyof GeneratorFormErrors;
      setErrors((current) => {
        const next = { ...current };
        delete next[field];
        return next;
      });
    }
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    const found = validateGeneratorForm(values);
    setErrors(found);
    if (hasErrors(found)) {
      (found.prompt ? promptRef : seedRef).current?.focus();
      return;
    }
    onGenerate(toGenerateRequest(values));
  }

  // "" sends no model (the server's default), shown under the default model's title; the others by title.
  const fallback = defaultModel(models.data, 'generate');
  const modelOptions = [
    {
      value: '',
      // The title is isolated (FSI…PDI) so a Latin title ending in ")" reads right inside Arabic text.
      label: fallback
        ? t('generator.modelIsDefault', { title: `\u2068${fallback.title}\u2069` })
        : t('generator.modelFallback'),
    },
    ...(models.data ?? [])
      .filter((model) => model.kind === 'generate' && model.name !== fallback?.name)
      .map((model) => ({ value: model.name, label: model.title })),
  ];
  const selected = chosenModel(models.data, 'generate', values.model);
  // Guidance 0 (the Turbo models): the negative prompt is kept but marked as doing nothing.
  const negativeIgnored = !negativePromptApplies(selected);

  const optionLabels = <T extends string>(group: 'style' | 'color' | 'lighting', keys: readonly T[]) =>
    keys.map((value) => ({ value, label: t(`options.${group}.${value}`) }));

  return (
    <form
      id="generator"
      className="panel generator-form"
      onSubmit={submit}
      noValidate
      aria-label={t('generator.formLabel')}
    >
      <div className="field">
        <label htmlFor={ids.prompt} className="field-label">
          {t('generator.promptLabel')}
        </label>
        <textarea
          ref={promptRef}
          id={ids.prompt}
          className="text-input text-input--prompt"
          rows={4}
          maxLength={PROMPT_MAX_LENGTH}
          placeholder={t('generator.promptPlaceholder')}
          value={values.prompt}
          aria-invalid={errors.prompt ? true : undefined}
          aria-describedby={`${errors.prompt ? `${ids.promptError} ` : ''}${ids.promptCounter}`}
          onChange={(event) => update('prompt', event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
          }}
        />
        <div className="field__meta">
          {errors.prompt ? (
            <p id={ids.promptError} className="field-error" role="alert">
              {t('generator.promptRequired')}
            </p>
          ) : (
            <span />
          )}
          <span id={ids.promptCounter} className="field-counter">
            {t('generator.promptCounter', { length: values.prompt.length, max: PROMPT_MAX_LENGTH })}
          </span>
        </div>
      </div>

      <div className="field">
        <label htmlFor={ids.negative} className="field-label">
          {t('generator.negativePromptLabel')}
        </label>
        <textarea
          id={ids.negative}
          className="text-input"
          rows={2}
          maxLength={PROMPT_MAX_LENGTH}
          placeholder={t('generator.negativePromptPlaceholder')}
          value={values.negativePrompt}
          aria-describedby={ids.negativeHint}
          onChange={(event) => update('negativePrompt', event.target.value)}
        />
        {negativeIgnored && selected ? (
          <p id={ids.negativeHint} className="field-note">
            {t('generator.negativePromptNoEffect', { title: selected.title })}
          </p>
        ) : (
          <p id={ids.negativeHint} className="field-hint">
            {t('generator.negativePromptHint')}
          </p>
        )}
      </div>

      <ChoiceGroup
        legend={t('generator.aspectRatioLabel')}
        name="aspect_ratio"
        variant="tiles"
        value={values.aspectRatio}
        onChange={(value) => update('aspectRatio', value)}
        choices={ASPECT_RATIO_KEYS.map((value) => ({
          value,
          label: t(`options.aspectRatio.${value}`),
          visual: <AspectRatioVisual aspectRatio={value} />,
        }))}
      />

      <ChoiceGroup
        legend={t('generator.styleLabel')}
        name="style"
        value={values.style}
        onChange={(value) => update('style', value)}
        choices={optionLabels('style', STYLES)}
      />

      <div className="field-row">
        <SelectField
          label={t('generator.colorLabel')}
          value={values.color}
          onChange={(value) => update('color', value)}
          options={optionLabels('color', COLORS)}
        />
        <SelectField
          label={t('generator.lightingLabel')}
          value={values.lighting}
          onChange={(value) => update('lighting', value)}
          options={optionLabels('lighting', LIGHTINGS)}
        />
      </div>

      <div className="field-row">
        <SelectField
          label={t('generator.modelLabel')}
          value={values.model}
          onChange={(value) => update('model', value)}
          options={modelOptions}
        />
        <ChoiceGroup
          legend={t('generator.countLabel')}
          name="count"
          variant="segmented"
          value={String(values.count)}
          onChange={(value) => update('count', Number(value))}
          choices={IMAGE_COUNTS.map((count) => ({ value: String(count), label: String(count) }))}
        />
      </div>
      <div className="field generator-form__switch">
        <label className="generator-form__check" htmlFor={ids.transparent}>
          <input
            id={ids.transparent}
            type="checkbox"
            checked={values.transparent}
            aria-describedby={ids.transparentHint}
            onChange={(event) => update('transparent', event.target.checked)}
          />
          <span>{t('generator.transparentLabel')}</span>
        </label>
        <p id={ids.transparentHint} className="field-hint">
          {t('generator.transparentHint')}
        </p>
      </div>
      <div className="field-row field-row--single">
        <div className="field">
          <label htmlFor={ids.seed} className="field-label">
            {t('generator.seedLabel')}
          </label>
          <input
            ref={seedRef}
            id={ids.seed}
            className="text-input"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('generator.seedPlaceholder')}
            value={values.seed}
            aria-invalid={errors.seed ? true : undefined}
            aria-describedby={errors.seed ? `${ids.seedError} ${ids.seedHint}` : ids.seedHint}
            onChange={(event) => update('seed', event.target.value)}
          />
        </div>
      </div>
      <div className="field__meta field__meta--flush">
        {errors.seed ? (
          <p id={ids.seedError} className="field-error" role="alert">
            {t('generator.seedInvalid')}
          </p>
        ) : null}
        <p id={ids.seedHint} className="field-hint">
          {t('generator.seedHint')}
        </p>
      </div>

      {/* Said just before Generate is pressed, and low in the form: it appears once the models are known,
          and there it moves nothing the visitor is already looking at. */}
      {onlyDemoGenerators(models.data) ? <DemoModelNotice /> : null}
      <button
        type="submit"
        className="button button--primary button--large generator-form__submit"
        disabled={busy}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : <SparklesIcon />}
        {busy ? t('generator.submitting') : t('generator.submit')}
      </button>
    </form>
  );
}
