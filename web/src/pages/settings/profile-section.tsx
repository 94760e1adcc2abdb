// Profile: who the user is (avatar, name, username, e-mail, join date), their community numbers, and a
// form to change the display name and the avatar (profile-form.tsx).
import { useTranslation } from 'react-i18next';
import type { AccountUser } from '../../api/account.ts';
import type { SessionUser } from '../../api/auth.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { useAccount } from '../../hooks/use-account.ts';
import { useUserStats } from '../../hooks/use-community.ts';
import { AccountAvatar } from './account-avatar.tsx';
import { ProfileForm } from './profile-form.tsx';
import { formatDate } from './settings-model.ts';
import { SettingsSection } from './settings-section.tsx';

export function ProfileSection({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation('settings');
  const { isAdmin } = useAuth();
  const account = useAccount(user.id);
  // Posts, likes given and likes received: the community's numbers, shared with My posts.
  const stats = useUserStats();
  const shown: SessionUser = account.data ?? user;
  const picture = shown.picture || shown.avatar || '';
  const notSet = <span className="settings-muted">{t('common.notSet')}</span>;

  return (
    <SettingsSection id="profile" title={t('profile.heading')} intro={t('profile.intro')}>
      <div className="profile-card">
        <AccountAvatar user={shown} picture={picture} size={72} />
        <div className="profile-card__who">
          <p className="profile-card__name">
            {shown.name || shown.username || shown.email}
            {isAdmin ? (
              <span className="settings-badge settings-badge--accent">{t('profile.admin')}</span>
            ) : null}
          </p>
          {shown.username ? (
            <p className="settings-muted">
              <bdi dir="ltr">@{shown.username}</bdi>
            </p>
          ) : null}
        </div>
      </div>

      <dl className="settings-facts">
        <div className="settings-facts__item">
          <dt>{t('profile.username')}</dt>
          <dd>{shown.username ? <bdi>{shown.username}</bdi> : notSet}</dd>
        </div>
        <div className="settings-facts__item">
          <dt>{t('profile.email')}</dt>
          <dd className="settings-facts__wrap">{shown.email ? <bdi>{shown.email}</bdi> : notSet}</dd>
        </div>
        <div className="settings-facts__item">
          <dt>{t('profile.joined')}</dt>
          <dd>
            {account.data ? (
              formatDate((account.data as AccountUser).created_at, i18n.language) || notSet
            ) : account.isError ? (
              notSet
            ) : (
              <span className="skeleton skeleton--text" aria-label={t('common.loading')} role="img" />
            )}
          </dd>
        </div>
      </dl>

      <section className="settings-stats" aria-label={t('profile.statsLabel')}>
        {stats.isError ? (
          <p className="settings-inline-error">
            <AlertIcon className="settings-inline-error__icon" />
            <span>{t('profile.statsFailed')}</span>
            <button type="button" className="link-button" onClick={() => void stats.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : (
          <dl className="settings-stats__list">
            {(
              [
                ['posts', stats.data?.total_posts],
                ['likesGiven', stats.data?.total_likes_given],
                ['likesReceived', stats.data?.likes_received],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="settings-stat">
                <dt className="settings-stat__label">{t(`profile.${key}`)}</dt>
                <dd className="settings-stat__value">
                  {value === undefined ? (
                    <span className="skeleton skeleton--number" aria-label={t('common.loading')} role="img" />
                  ) : (
                    new Intl.NumberFormat(i18n.language).format(value)
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      {account.isError ? (
        <div className="notice notice--danger" role="alert">
          <AlertIcon className="notice__icon" />
          <p className="notice__body">{t('profile.loadFailed')}</p>
          <button type="button" className="button button--small" onClick={() => void account.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}

      <ProfileForm
        // A new saved profile starts a fresh form.
        key={`${shown.name}\u0000${picture}`}
        user={shown}
        saved={{ name: shown.name, avatar: picture }}
      />
    </SettingsSection>
  );
}
