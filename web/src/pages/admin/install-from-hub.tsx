// "Install from Hugging Face": any repository in the Optimum ONNX layout, by `hf:owner/name@revision`,
// with the tasks of such installs (they are in no catalogue card) and their progress below the field.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelTask } from '../../api/models.ts';
import { DownloadIcon } from '../../components/icons.tsx';
import { ModelTaskStatus } from './model-task-status.tsx';
import { huggingFaceReference } from './models-model.ts';

interface InstallFromHubProps {
  /** Tasks for models that are neither in the catalogue nor installed. */
  tasks: ModelTask[];
  starting: boolean;
  onInstall: (reference: string) => Promise<boolean>;
}

export function InstallFromHub({ tasks, starting, onInstall }: InstallFromHubProps) {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const ids = { input: useId(), hint: useId(), error: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reference = huggingFaceReference(value);
    setInvalid(reference === null);
    if (reference === null) return;
    if (await onInstall(reference)) setValue('');
  };

  return (
    <section className="admin-section" aria-labelledby="models-hub">
      <div className="admin-section__head">
        <h2 id="models-hub" className="admin-section__title">
          {t('models.hubTitle')}
        </h2>
      </div>
      <form className="admin-card model-hub" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={ids.input} className="field-label">
          {t('models.hubLabel')}
        </label>
        <div className="model-hub__row">
          <input
            id={ids.input}
            className="text-input"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            placeholder="hf:onnxruntime/sd-turbo@main"
            value={value}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${ids.error} ${ids.hint}` : ids.hint}
            onChange={(event) => {
              setValue(event.target.value);
              setInvalid(false);
            }}
          />
          <button type="submit" className="button button--primary" disabled={starting}>
            {starting ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon />}
            {t('models.install')}
          </button>
        </div>
        {invalid ? (
          <p id={ids.error} className="settings-field__error" role="alert">
            {t('models.hubInvalid')}
          </p>
        ) : null}
        <p id={ids.hint} className="field-hint">
          {t('models.hubHint')}
        </p>
        {tasks.length > 0 ? (
          <ul className="model-hub__tasks">
            {tasks.map((task) => (
              <li key={`${task.model}-${task.requested_at}`} className="model-hub__task">
                <p className="model-hub__name" dir="ltr">
                  {task.model}
                </p>
                <ModelTaskStatus task={task} title={task.model} />
              </li>
            ))}
          </ul>
        ) : null}
      </form>
    </section>
  );
}
