// /admin/audit: who did what as an administrator and when, from every service (bans and roles, report
// decisions and posts, settings and models, plan grants and support requests), newest first, with the
// fields each action changed shown as "before → after". Filters: the admin, the action, the area and days.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_AREAS, type AuditEntry, type AuditFilter, NO_AUDIT_FILTER } from '../../api/admin-audit.ts';
import { BookIcon, ChevronRightIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useAuditLog } from '../../hooks/use-admin-audit.ts';
import { formatDateTime } from './admin-format.ts';
import { AdminLayout } from './admin-layout.tsx';
import { EmptyState, LoadError, LoadMore, SkeletonList } from './admin-states.tsx';
import { AUDIT_ACTIONS, actionKey, changedFields, formatValue } from './audit-model.ts';
import './admin-users.css';
import './admin-audit.css';

export default function AdminAuditPage() {
  return (
    <NamespaceGate namespace="admin">
      <AuditLog />
    </NamespaceGate>
  );
}

function AuditLog() {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<AuditFilter>(NO_AUDIT_FILTER);
  const [filter, setFilter] = useState<AuditFilter>(NO_AUDIT_FILTER);
  const log = useAuditLog(filter);
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.values(filter).some((value) => value !== '');
  const ids = {
    actor: useId(),
    action: useId(),
    area: useId(),
    from: useId(),
    to: useId(),
    actions: useId(),
  };
  const set = (key: keyof AuditFilter) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft, actor: draft.actor.trim(), action: draft.action.trim() });
  };
  const reset = () => {
    setDraft(NO_AUDIT_FILTER);
    setFilter(NO_AUDIT_FILTER);
  };

  return (
    <AdminLayout title={t('audit.title')} intro={t('audit.intro')}>
      <form className="admin-card audit-filters" onSubmit={submit} aria-label={t('audit.filtersLabel')}>
        <div className="field">
          <label htmlFor={ids.actor} className="field-label">
            {t('audit.actor')}
          </label>
          <input
            id={ids.actor}
            className="text-input"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={10}
            placeholder={t('audit.actorPlaceholder')}
            value={draft.actor}
            onChange={set('actor')}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.action} className="field-label">
            {t('audit.action')}
          </label>
          <select id={ids.action} className="text-input" value={draft.action} onChange={set('action')}>
            <option value="">{t('audit.anyAction')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${actionKey(action)}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field audit-filters__area">
          <label htmlFor={ids.area} className="field-label">
            {t('audit.area')}
          </label>
          <select id={ids.area} className="text-input" value={draft.area} onChange={set('area')}>
            <option value="">{t('audit.anyArea')}</option>
            {AUDIT_AREAS.map((area) => (
              <option key={area} value={area}>
                {t(`audit.areas.${area}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.from} className="field-label">
            {t('audit.from')}
          </label>
          <input id={ids.from} type="date" className="text-input" value={draft.from} onChange={set('from')} />
        </div>
        <div className="field">
          <label htmlFor={ids.to} className="field-label">
            {t('audit.to')}
          </label>
          <input id={ids.to} type="date" className="text-input" value={draft.to} onChange={set('to')} />
        </div>
        <div className="audit-filters__buttons">
          <button type="submit" className="button button--small button--primary">
            {t('audit.apply')}
          </button>
          <button type="button" className="button button--small" onClick={reset}>
            {t('audit.reset')}
          </button>
        </div>
      </form>

      {log.isPending ? (
        <SkeletonList rows={6} height={52} />
      ) : log.isError && !log.data ? (
        <LoadError error={log.error} onRetry={() => void log.refetch()} />
      ) : items.length === 0 ? (
        <div className="admin-card">
          <EmptyState
            icon={<BookIcon />}
            title={filtered ? t('audit.noMatch') : t('audit.empty')}
            text={filtered ? undefined : t('audit.emptyText')}
          />
        </div>
      ) : (
        <div className="admin-table-wrap" aria-busy={log.isFetching || undefined}>
          <table className="admin-table audit-table">
            <caption className="visually-hidden">{t('audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.columns.when')}</th>
                <th scope="col">{t('audit.columns.who')}</th>
                <th scope="col">{t('audit.columns.action')}</th>
                <th scope="col">{t('audit.columns.target')}</th>
                <th scope="col">{t('audit.columns.change')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <AuditRow key={`${entry.area}:${entry.id}`} entry={entry} />
              ))}
            </tbody>
          </table>
          <LoadMore query={log} label={t('common.showMore')} />
        </div>
      )}
    </AdminLayout>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('admin');
  const known = AUDIT_ACTIONS.includes(entry.action);
  const changes = changedFields(entry.before, entry.after);
  const none = t('audit.none');
  // On a narrow screen the row is a card and each cell names itself (the header row is out of sight).
  const label = (column: string) => (
    <span className="cell-label" aria-hidden="true">
      {t(`audit.columns.${column}`)}
    </span>
  );
  return (
    <tr className="audit-row" data-action={entry.action}>
      <td className="admin-table__muted">
        {label('when')}
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, i18n.language)}</time>
      </td>
      <td>
        {label('who')}
        <bdi>{entry.actor.name ?? t('audit.deletedUser')}</bdi>{' '}
        <span className="admin-table__muted">#{entry.actor.id}</span>
      </td>
      <td className="admin-table__wide">
        {label('action')}
        <span className="admin-badge admin-badge--neutral">{t(`audit.areas.${entry.area}`)}</span>{' '}
        {known ? t(`audit.actions.${actionKey(entry.action)}`) : <bdi>{entry.action}</bdi>}
      </td>
      <td className="admin-table__wide">
        {label('target')}
        {t(`audit.targets.${entry.target_type}`, { defaultValue: entry.target_type })}{' '}
        <bdi className="audit-id">{entry.target_id}</bdi>
      </td>
      <td className="admin-table__wide">
        {label('change')}
        {changes.length === 0 ? (
          <span className="admin-table__muted">{none}</span>
        ) : (
          <dl className="audit-changes">
            {changes.map((change) => (
              <div key={change.field} className="audit-changes__row">
                <dt>
                  <bdi>{change.field}</bdi>
                </dt>
                <dd>
                  {change.same ? (
                    <span dir="auto">{formatValue(change.after, none)}</span>
                  ) : change.before !== undefined ? (
                    <>
                      <del dir="auto">{formatValue(change.before, none)}</del>
                      <ChevronRightIcon className="icon-flip audit-arrow" />
                      <span className="visually-hidden">{t('audit.becomes')}</span>
                    </>
                  ) : null}
                  {change.same ? null : (
                    <ins dir="auto">
                      {change.after === undefined ? none : formatValue(change.after, none)}
                    </ins>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </td>
    </tr>
  );
}
