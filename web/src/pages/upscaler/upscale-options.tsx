// The upscale's options: the model (with the time the server expects it to take), the scale and the format.
import { useTranslation } from 'react-i18next';
import { OUTPUT_FORMATS, type OutputFormat } from '../../api/upload.ts';
import { ClockIcon } from '../../components/icons.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { formatDuration } from '../../components/units.ts';
import { UPSCALE_FACTOR } from './upscaler-model.ts';

const FORMAT_LABELS: Record<OutputFormat, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP' };

interface UpscaleOptionsProps {
  models: { options: { value: string; label: string }[]; selected: string };
  onModelChange: (model: string) => void;
  format: OutputFormat;
  onFormatChange: (format: OutputFormat) => void;
  /** Seconds the server expects, with the picture's size; shown once both are known. */
  estimate: number | null;
  size: { width: number; height: number } | null;
  disabled: boolean;
}

export function UpscaleOptions({
  models,
  onModelChange,
  format,
  onFormatChange,
  estimate,
  size,
  disabled,
}: UpscaleOptionsProps) {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className="upscaler__options">
      <legend className="upscaler__panel-heading">{t('upscaler.optionsLabel')}</legend>
      <div className="upscaler__options-grid">
        <div className="upscaler__option--wide">
          <SelectField
            label={t('upscaler.modelLabel')}
            options={models.options}
            value={models.selected}
            onChange={onModelChange}
            disabled={disabled}
          />
          {estimate !== null && size ? (
            <p className="upscaler__estimate" aria-live="polite">
              <ClockIcon />
              <span>
                {t('upscaler.estimate', { time: formatDuration(estimate, i18n.language) })}
                <span className="upscaler__estimate-size">
                  {t('upscaler.estimateSize', {
                    width: size.width * UPSCALE_FACTOR,
                    height: size.height * UPSCALE_FACTOR,
                  })}
                </span>
              </span>
            </p>
          ) : null}
        </div>
        <SelectField
          label={t('upscaler.scaleLabel')}
          options={[{ value: '4', label: t('upscaler.scale4x') }]}
          value="4"
          onChange={() => {}}
          disabled={disabled}
        />
        <SelectField
          label={t('upscaler.formatLabel')}
          options={OUTPUT_FORMATS.map((value) => ({ value, label: FORMAT_LABELS[value] }))}
          value={format}
          onChange={onFormatChange}
          disabled={disabled}
        />
      </div>
    </fieldset>
  );
}
