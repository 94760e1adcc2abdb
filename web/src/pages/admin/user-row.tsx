// One user of the admin list: a table row on wide screens, a card when the table's box is narrow (each
// cell then carries its own label). Ban and role changes are offered unless the row is locked; a plan can be
// granted to anyone.
import { useTranslation } from 'react-i18next';
import type { AdminUser, UserAction } from '../../api/admin.ts';
import { UserAvatar } from '../../components/shell/user-avatar.tsx';
import { formatDate, formatDateTime } from './admin-format.ts';
import type { RowActions } from './user-actions.ts';

export function UserRow({
  user,
  actions,
  onAction,
  onGrantPlan,
}: {
  user: AdminUser;
  actions: RowActions;
  onAction: (user: AdminUser, action: UserAction) => void;
  onGrantPlan: (user: AdminUser) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const name = user.name || user.username;
  const label = (key: string) => (
    <span className="cell-label" aria-hidden="true">
      {t(`users.columns.${key}`)}
    </span>
  );
  const grantButton = (
    <button
      type="button"
      className="button button--small"
      aria-label={t('users.grant.actionLabel', { name })}
      onClick={() => onGrantPlan(user)}
    >
      {t('users.grant.action')}
    </button>
  );
  return (
    <tr>
      <td className="admin-table__num admin-table__id">{user.id}</td>
      <td className="admin-table__avatar">
        <UserAvatar user={user} size={36} />
      </td>
      <td className="admin-table__name">
        <span className="user-cell__name" dir="auto">
          {name}
        </span>
        {actions.locked === 'self' ? (
          <span className="admin-badge admin-badge--accent admin-table__you">{t('users.you')}</span>
        ) : null}
      </td>
      <td className="admin-table__muted admin-table__username">
        {label('username')}
        <bdi>@{user.username}</bdi>
      </td>
      <td className="admin-table__muted admin-table__email admin-table__wide" title={user.email || undefined}>
        {label('email')}
        {user.email ? (
          <bdi>{user.email}</bdi>
        ) : (
          <span className="admin-table__num">{t('users.noEmail')}</span>
        )}
      </td>
      <td className="admin-table__role">
        {label('role')}
        {user.is_admin ? (
          <span className="admin-badge admin-badge--accent">{t('users.roleAdmin')}</span>
        ) : (
          <span className="admin-badge admin-badge--neutral">{t('users.roleMember')}</span>
        )}
      </td>
      <td className="admin-table__muted admin-table__nowrap">
        {label('joined')}
        <time dateTime={user.created_at} title={formatDateTime(user.created_at, locale)}>
          {formatDate(user.created_at, locale)}
        </time>
      </td>
      <td className="admin-table__status">
        {label('status')}
        {user.banned ? (
          <span className="admin-badge admin-badge--danger">{t('users.statusBanned')}</span>
        ) : (
          <span className="admin-badge admin-badge--success">{t('users.statusActive')}</span>
        )}
      </td>
      <td className="admin-table__wide admin-table__actions-cell">
        {actions.locked ? (
          <div className="admin-table__actions">
            <span className="admin-table__muted admin-table__locked">
              {actions.locked === 'self' ? t('users.lockedSelf') : t('users.lockedOwner')}
            </span>
            {grantButton}
          </div>
        ) : (
          <div className="admin-table__actions">
            {grantButton}
            <button
              type="button"
              className={
                actions.ban === 'ban' ? 'button button--small button--danger-quiet' : 'button button--small'
              }
              aria-label={t(`users.actionLabel.${actions.ban}`, { name })}
              onClick={() => onAction(user, actions.ban)}
            >
              {t(`users.action.${actions.ban}`)}
            </button>
            <button
              type="button"
              className="button button--small"
              aria-label={t(`users.actionLabel.${actions.role}`, { name })}
              onClick={() => onAction(user, actions.role)}
            >
              {t(`users.action.${actions.role}`)}
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}
