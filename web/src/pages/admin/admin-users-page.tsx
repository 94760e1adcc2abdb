// /admin/users: find an account by name, username or e-mail; page through everyone; ban or unban, grant or
// revoke the administrator role, each after a confirmation; grant a paid plan (a dialog of its own).
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser, UserAction } from '../../api/admin.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { ChevronRightIcon, SearchIcon, UsersIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useAdminUsers, useChangeUser } from '../../hooks/use-admin-users.ts';
import { AdminLayout } from './admin-layout.tsx';
import { EmptyState, LoadError, SkeletonList } from './admin-states.tsx';
import { ConfirmationDialog } from './confirmation-dialog.tsx';
import { GrantPlanDialog } from './grant-plan-dialog.tsx';
import { useConfirmedAction } from './use-confirmed-action.ts';
import { useDebounced } from './use-debounced.ts';
import {
  currentCursor,
  FIRST_PAGE,
  nextPage,
  type PagerState,
  previousPage,
  rowActions,
} from './user-actions.ts';
import { UserRow } from './user-row.tsx';
import './admin-users.css';

export default function AdminUsersPage() {
  return (
    <NamespaceGate namespace="admin">
      <Users />
    </NamespaceGate>
  );
}

function Users() {
  const { t } = useTranslation('admin');
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const typed = useDebounced(search.trim());
  const [query, setQuery] = useState('');
  const [pager, setPager] = useState<PagerState>(FIRST_PAGE);
  const searchId = useId();
  const searchHintId = useId();

  // A new search starts on the first page.
  useEffect(() => {
    setQuery(typed);
    setPager(FIRST_PAGE);
  }, [typed]);

  const users = useAdminUsers(query, currentCursor(pager));
  const change = useChangeUser();
  const confirmation = useConfirmedAction();
  const [granting, setGranting] = useState<AdminUser | null>(null);
  const items = users.data?.items ?? [];
  const page = pager.cursors.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(search.trim());
    setPager(FIRST_PAGE);
  };

  const ask = (target: AdminUser, action: UserAction) => {
    const name = target.name || target.username;
    confirmation.ask({
      request: {
        title: t(`users.confirm.${action}.title`, { name }),
        text: t(`users.confirm.${action}.text`, { name }),
        confirmLabel: t(`users.confirm.${action}.button`),
        tone: action === 'ban' || action === 'unadmin' ? 'danger' : 'primary',
        run: () => change.mutateAsync({ id: target.id, action }),
      },
      success: t(`users.done.${action}`, { name }),
      fallbackKey: 'users.actionFailed',
    });
  };

  return (
    <AdminLayout title={t('users.title')} intro={t('users.intro')}>
      <div className="admin-toolbar">
        <search className="admin-search">
          <form className="field" onSubmit={submit}>
            <label htmlFor={searchId} className="field-label">
              {t('users.searchLabel')}
            </label>
            <input
              id={searchId}
              type="search"
              className="text-input"
              value={search}
              maxLength={100}
              placeholder={t('users.searchPlaceholder')}
              aria-describedby={searchHintId}
              onChange={(event) => setSearch(event.target.value)}
            />
            <SearchIcon className="admin-search__icon" />
            <span id={searchHintId} className="visually-hidden">
              {t('users.searchHint')}
            </span>
          </form>
        </search>
      </div>

      {users.isPending ? (
        <SkeletonList rows={6} height={52} />
      ) : users.isError && !users.data ? (
        <LoadError error={users.error} onRetry={() => void users.refetch()} />
      ) : items.length === 0 ? (
        <div className="admin-card">
          <EmptyState
            icon={<UsersIcon />}
            title={query ? t('users.noMatchTitle') : t('users.emptyTitle')}
            text={query ? t('users.noMatchText', { query }) : undefined}
          />
        </div>
      ) : (
        <div className="admin-table-wrap" aria-busy={users.isFetching || undefined}>
          <table className="admin-table">
            <caption className="visually-hidden">
              {query ? t('users.captionSearch', { query, page }) : t('users.caption', { page })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('users.columns.id')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('users.columns.avatar')}</span>
                </th>
                <th scope="col">{t('users.columns.name')}</th>
                <th scope="col">{t('users.columns.username')}</th>
                <th scope="col">{t('users.columns.email')}</th>
                <th scope="col">{t('users.columns.role')}</th>
                <th scope="col">{t('users.columns.joined')}</th>
                <th scope="col">{t('users.columns.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('users.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <UserRow
                  key={row.id}
                  user={row}
                  actions={rowActions(row, me?.id ?? 0)}
                  onAction={ask}
                  onGrantPlan={setGranting}
                />
              ))}
            </tbody>
          </table>
          <div className="admin-pager">
            <span aria-live="polite">{t('users.page', { page })}</span>
            <div className="admin-pager__buttons">
              <button
                type="button"
                className="button button--small"
                disabled={page === 1 || users.isFetching}
                onClick={() => setPager(previousPage)}
              >
                <ChevronRightIcon className="admin-flip-back" />
                {t('common.previous')}
              </button>
              <button
                type="button"
                className="button button--small"
                disabled={!users.data?.next_cursor || users.isFetching}
                onClick={() => setPager((state) => nextPage(state, users.data?.next_cursor ?? null))}
              >
                {t('common.next')}
                <ChevronRightIcon className="icon-flip" />
              </button>
            </div>
          </div>
        </div>
      )}

      <ConfirmationDialog confirmation={confirmation} />
      {granting ? <GrantPlanDialog user={granting} onClose={() => setGranting(null)} /> : null}
    </AdminLayout>
  );
}
