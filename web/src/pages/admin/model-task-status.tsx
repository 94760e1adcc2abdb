// Where an install or removal stands: waiting for a worker, its phase with a bar, bytes, rate and time
// left, done, or the reason it failed. Updated by the page's polling about once a second.
import { useTranslation } from 'react-i18next';
import type { ModelTask } from '../../api/models.ts';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { formatBytes, formatDuration, formatRate } from '../../components/units.ts';
import { progressPercent } from './models-model.ts';

export function ModelTaskStatus({ task, title }: { task: ModelTask; title: string }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;

  if (task.state === 'failed') {
    return (
      <div className="notice notice--danger model-task" role="alert">
        <AlertIcon className="notice__icon" />
        <div className="notice__body">
          <p className="notice__title">
            {t(task.action === 'install' ? 'models.task.installFailed' : 'models.task.removeFailed')}
          </p>
          {task.error ? <p className="model-task__error">{task.error}</p> : null}
        </div>
      </div>
    );
  }
  if (task.state === 'completed') {
    return (
      <p className="model-task model-task--done" role="status">
        <CheckIcon />
        {t(task.action === 'install' ? 'models.task.installed' : 'models.task.removed')}
      </p>
    );
  }

  const progress = task.progress;
  const percent = task.state === 'active' ? progressPercent(progress) : null;
  const phase =
    task.state === 'waiting'
      ? t('models.task.waiting')
      : t(`models.phase.${progress?.phase ?? (task.action === 'remove' ? 'remove' : 'download')}`);
  const details: string[] = [];
  if (task.state === 'active' && progress && progress.bytes_total > 0) {
    details.push(
      t('models.task.bytes', {
        done: formatBytes(progress.bytes_done, locale),
        total: formatBytes(progress.bytes_total, locale),
      }),
    );
    if (progress.phase === 'download' && progress.bytes_per_second > 0)
      details.push(formatRate(progress.bytes_per_second, locale));
    if (progress.eta_seconds !== null && progress.eta_seconds > 0)
      details.push(t('models.task.eta', { time: formatDuration(progress.eta_seconds, locale) }));
  }

  return (
    <div className="model-task" role="status" aria-live="polite">
      <p className="model-task__line">
        <span className="status-dot status-dot--active" aria-hidden="true" />
        <span className="model-task__phase">{phase}</span>
        {percent !== null ? (
          <span className="model-task__percent">{t('models.task.percent', { percent })}</span>
        ) : null}
      </p>
      <div
        className={percent === null ? 'progress__track model-task__track--busy' : 'progress__track'}
        role="progressbar"
        aria-label={t('models.task.barLabel', { title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
      >
        <div className="progress__bar" style={{ inlineSize: percent === null ? undefined : `${percent}%` }} />
      </div>
      {details.length > 0 ? <p className="model-task__details">{details.join(' · ')}</p> : null}
      {task.state === 'active' && progress?.file ? (
        <p className="model-task__file" dir="ltr">
          {progress.file}
        </p>
      ) : null}
    </div>
  );
}
