// One installed model and one catalogue entry, as the Models page lists them: title, kind, size, licence
// with its link, commercial use (with a warning when the licence forbids it), and the task under way.
import { useTranslation } from 'react-i18next';
import type { CatalogueModel, ModelInfo, ModelLicence, ModelTask } from '../../api/models.ts';
import { AlertIcon, DownloadIcon, TrashIcon } from '../../components/icons.tsx';
import { formatBytes, formatDuration } from '../../components/units.ts';
import { ModelTaskStatus } from './model-task-status.tsx';
import { catalogueTiming, forbidsCommercialUse, isRunning } from './models-model.ts';

function LicenceDetails({ licence }: { licence: ModelLicence | undefined }) {
  const { t } = useTranslation('admin');
  if (!licence) return null;
  return (
    <>
      <div>
        <dt>{t('models.licence')}</dt>
        <dd>
          {licence.url ? (
            <a href={licence.url} target="_blank" rel="noopener noreferrer" dir="ltr">
              {licence.name}
              <span className="visually-hidden"> {t('models.newTab')}</span>
            </a>
          ) : (
            <span dir="ltr">{licence.name}</span>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('models.commercialUse')}</dt>
        <dd>{licence.commercial_use ? t('models.commercialAllowed') : t('models.commercialForbidden')}</dd>
      </div>
    </>
  );
}

/** The marketing text promises commercial use of outputs: say plainly where that does not hold. */
function CommercialWarning({ licence }: { licence: ModelLicence | undefined }) {
  const { t } = useTranslation('admin');
  if (!forbidsCommercialUse(licence)) return null;
  return (
    <div className="notice notice--warning model-card__warning">
      <AlertIcon className="notice__icon" />
      <p className="notice__body">{t('models.commercialWarning')}</p>
    </div>
  );
}

function KindBadge({ kind }: { kind: ModelInfo['kind'] }) {
  const { t } = useTranslation('admin');
  return <span className="admin-badge admin-badge--neutral">{t(`models.kind.${kind}`)}</span>;
}

interface InstalledModelCardProps {
  model: ModelInfo;
  task: ModelTask | undefined;
  onRemove: (model: ModelInfo) => void;
}

export function InstalledModelCard({ model, task, onRemove }: InstalledModelCardProps) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const busy = task ? isRunning(task) : false;
  return (
    <li className="admin-card model-card" aria-labelledby={`model-${model.name}`}>
      <div className="model-card__head">
        <h3 id={`model-${model.name}`} className="model-card__title">
          {model.title}
        </h3>
        <div className="model-card__badges">
          <KindBadge kind={model.kind} />
          {model.default ? (
            <span className="admin-badge admin-badge--accent">{t('models.defaultBadge')}</span>
          ) : null}
          {model.builtin ? (
            <span className="admin-badge admin-badge--neutral">{t('models.builtinBadge')}</span>
          ) : null}
        </div>
      </div>
      {model.description ? (
        <p className="model-card__text" dir="auto">
          {model.description}
        </p>
      ) : null}
      <dl className="model-card__facts">
        <div>
          <dt>{t('models.size')}</dt>
          <dd>
            {model.builtin || !model.size_bytes
              ? t('models.builtinSize')
              : formatBytes(model.size_bytes, locale)}
          </dd>
        </div>
        <LicenceDetails licence={model.licence} />
      </dl>
      <CommercialWarning licence={model.licence} />
      {task && task.action === 'remove' ? <ModelTaskStatus task={task} title={model.title} /> : null}
      {model.builtin ? null : (
        <div className="model-card__actions">
          <button
            type="button"
            className="button button--small button--danger-quiet"
            disabled={busy}
            onClick={() => onRemove(model)}
          >
            <TrashIcon />
            {t('models.remove')}
            <span className="visually-hidden"> {model.title}</span>
          </button>
        </div>
      )}
    </li>
  );
}

interface CatalogueCardProps {
  entry: CatalogueModel;
  task: ModelTask | undefined;
  starting: boolean;
  onInstall: (entry: CatalogueModel) => void;
}

export function CatalogueCard({ entry, task, starting, onInstall }: CatalogueCardProps) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const running = task ? isRunning(task) : false;
  const timing = entry.timing;
  const needs: string[] = [];
  if (timing?.memory_mb)
    needs.push(t('models.needsMemory', { size: formatBytes(timing.memory_mb * 1024 * 1024, locale) }));
  for (const device of ['cpu', 'gpu'] as const) {
    const time = catalogueTiming(entry, timing?.[device]);
    if (!time) continue;
    needs.push(
      t(time.per === 'megapixel' ? 'models.perMegapixel' : 'models.perImage', {
        device: t(`models.${device}`),
        time: formatDuration(time.seconds, locale, true),
      }),
    );
  }
  return (
    <li className="admin-card model-card" aria-labelledby={`catalogue-${entry.id}`}>
      <div className="model-card__head">
        <h3 id={`catalogue-${entry.id}`} className="model-card__title">
          {entry.title}
        </h3>
        <div className="model-card__badges">
          <KindBadge kind={entry.kind} />
          {entry.installed ? (
            <span className="admin-badge admin-badge--success">{t('models.installedBadge')}</span>
          ) : null}
        </div>
      </div>
      {entry.description ? (
        <p className="model-card__text" dir="auto">
          {entry.description}
        </p>
      ) : null}
      <dl className="model-card__facts">
        {entry.download_bytes > 0 ? (
          <div>
            <dt>{t('models.download')}</dt>
            <dd>{formatBytes(entry.download_bytes, locale)}</dd>
          </div>
        ) : null}
        <LicenceDetails licence={entry.licence} />
        {needs.length > 0 ? (
          <div className="model-card__fact--wide">
            <dt>{t('models.needs')}</dt>
            <dd>{needs.join(' · ')}</dd>
          </div>
        ) : null}
      </dl>
      <CommercialWarning licence={entry.licence} />
      {task && task.action === 'install' ? <ModelTaskStatus task={task} title={entry.title} /> : null}
      {entry.installed ? null : (
        <div className="model-card__actions">
          <button
            type="button"
            className="button button--small button--primary"
            disabled={running || starting}
            onClick={() => onInstall(entry)}
          >
            {starting ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon />}
            {t('models.install')}
            <span className="visually-hidden"> {entry.title}</span>
          </button>
        </div>
      )}
    </li>
  );
}
