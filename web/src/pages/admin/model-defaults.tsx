// The default model per kind: what a request that names none gets. "Automatic" lets the workers choose;
// the image check can also be turned off ("none"). Each change is saved at once.
import { useTranslation } from 'react-i18next';
import { MODEL_KINDS, type ModelDefaults, type ModelInfo, type ModelKind } from '../../api/models.ts';
import { SelectField } from '../../components/select-field.tsx';
import { useToast } from '../../components/toast.tsx';
import { useSaveModelDefault } from '../../hooks/use-admin-models.ts';
import { adminErrorText } from './admin-errors.ts';
import { type DefaultOption, defaultOptions } from './models-model.ts';

export function ModelDefaultsForm({
  installed,
  defaults,
}: {
  installed: ModelInfo[];
  defaults: ModelDefaults;
}) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const save = useSaveModelDefault();

  const label = (option: DefaultOption) => {
    if (option.role === 'model') return option.title ?? option.value;
    if (option.role === 'automatic')
      return option.title ? t('models.automaticNamed', { title: option.title }) : t('models.automatic');
    if (option.role === 'none') return t('models.noCheck');
    return t('models.unavailable');
  };

  const change = (kind: ModelKind, model: string) => {
    save.mutate(
      { kind, model },
      {
        onSuccess: () => toast('success', t('models.defaultSaved')),
        onError: (error) => {
          const text = adminErrorText(error, 'models.defaultFailed');
          toast('error', 'key' in text ? t(text.key) : text.text);
        },
      },
    );
  };

  return (
    <section className="admin-section" aria-labelledby="models-defaults">
      <div className="admin-section__head">
        <h2 id="models-defaults" className="admin-section__title">
          {t('models.defaultsTitle')}
        </h2>
        <p className="admin-section__hint">{t('models.defaultsHint')}</p>
      </div>
      <div className="admin-card model-defaults">
        {MODEL_KINDS.map((kind) => (
          <SelectField
            key={kind}
            label={t(`models.defaultFor.${kind}`)}
            options={defaultOptions(kind, installed, defaults).map((option) => ({
              value: option.value,
              label: label(option),
            }))}
            value={defaults[kind] ?? ''}
            disabled={save.isPending}
            onChange={(value) => change(kind, value)}
          />
        ))}
      </div>
    </section>
  );
}
