// Profile: who the user is (avatar, name, username, e-mail, join date), their community numbers, and a
// form to change the display name and the avatar.
import { type ChangeEvent, type CSSProperties, type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountUser } from '../../api/account.ts';
import type { SessionUser } from '../../api/auth.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { AlertIcon, UploadIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { useAccount, useUpdateProfile } from '../../hooks/use-account.ts';
import { useUserStats } from '../../hooks/use-community.ts';
import { useUploadImage } from '../../hooks/use-upload-image.ts';
import { ACCEPTED_TYPES, uploadErrorMessage, validateUploadFile } from '../upscaler/upscaler-model.ts';
import {
  AVATAR_URL_MAX,
  avatarLinkError,
  errorKey,
  formatDate,
  NAME_MAX,
  profileChanges,
  profileNameError,
} from './settings-model.ts';
import { SettingsSection } from './settings-section.tsx';

/** The picture, or the initial on a colour of the user's own; a link that fails to load falls back too. */
export function AccountAvatar({ user, picture, size }: { user: SessionUser; picture: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const name = user.name || user.username || user.email || '?';
  if (picture && failed !== picture) {
    return (
      <img
        className="avatar settings-avatar"
        src={picture}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        onError={() => setFailed(picture)}
      />
    );
  }
  return (
    <span
      className="avatar avatar--initial settings-avatar"
      aria-hidden="true"
      style={{
        inlineSize: size,
        blockSize: size,
        fontSize: size / 2.4,
        '--avatar-hue': (user.id * 47) % 360,
      } as CSSProperties}
    >
      {[...name][0]?.toUpperCase()}
    </span>
  );
}

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

type Field = 'name' | 'avatar' | 'form';

function ProfileForm({ user, saved }: { user: SessionUser; saved: { name: string; avatar: string } }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const { updateUser } = useAuth();
  const update = useUpdateProfile(user.id);
  const upload = useUploadImage();
  const [name, setName] = useState(saved.name);
  const [avatar, setAvatar] = useState(saved.avatar);
  const [link, setLink] = useState(saved.avatar.startsWith('https://') ? saved.avatar : '');
  const [error, setError] = useState<{ field: Field; text: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = {
    name: useId(),
    nameHint: useId(),
    nameError: useId(),
    link: useId(),
    linkHint: useId(),
    avatarError: useId(),
    formError: useId(),
    file: useId(),
  };

  const linkText = link.trim();
  const chosenAvatar = linkText || avatar;
  const previewAvatar = linkText && avatarLinkError(linkText) ? avatar : chosenAvatar;
  const changes = profileChanges(saved, { name, avatar: chosenAvatar });
  const busy = update.isPending || upload.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const invalid = validateUploadFile(file);
    const fail = (message: { key: string } | { text: string }) =>
      setError({
        field: 'avatar',
        text: 'key' in message ? t(`upscaler.errors.${message.key}`, { ns: 'translation' }) : message.text,
      });
    if (invalid) return fail(invalid);
    setError(null);
    upload.mutate(file, {
      onSuccess: (url) => {
        setAvatar(url);
        setLink('');
      },
      onError: (caught) => fail(uploadErrorMessage(caught)),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nameProblem = profileNameError(name);
    if (nameProblem) return setError({ field: 'name', text: t(`profile.${nameProblem}`) });
    const linkProblem = linkText ? avatarLinkError(linkText) : null;
    if (linkProblem) return setError({ field: 'avatar', text: t(`profile.${linkProblem}`) });
    if (!changes) return;
    setError(null);
    update.mutate(changes, {
      onSuccess: (updated) => {
        updateUser(updated);
        toast('success', t('profile.saved'));
      },
      onError: (caught) => {
        const key = errorKey(caught, 'profile.saveFailed');
        const field: Field =
          key === 'errors.invalidName' ? 'name' : key === 'errors.invalidAvatar' ? 'avatar' : 'form';
        setError({ field, text: t(key) });
        if (field === 'form') toast('error', t(key));
      },
    });
  };

  const reset = () => {
    setName(saved.name);
    setAvatar(saved.avatar);
    setLink(saved.avatar.startsWith('https://') ? saved.avatar : '');
    setError(null);
  };

  const errorFor = (field: Field, id: string) =>
    error?.field === field ? (
      <p id={id} className="field-error" role="alert">
        {error.text}
      </p>
    ) : null;

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby={`${ids.name}-heading`}>
      <h3 id={`${ids.name}-heading`} className="settings-subheading">
        {t('profile.editHeading')}
      </h3>
      <div className="field">
        <label htmlFor={ids.name} className="field-label">
          {t('profile.name')}
        </label>
        <input
          id={ids.name}
          className="text-input"
          value={name}
          maxLength={NAME_MAX + 16}
          autoComplete="name"
          aria-invalid={error?.field === 'name' ? true : undefined}
          aria-describedby={[error?.field === 'name' ? ids.nameError : '', ids.nameHint].join(' ').trim()}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="field__meta">
          <p id={ids.nameHint} className="field-hint">
            {t('profile.nameHint')}
          </p>
          <span className="field-counter" aria-hidden="true">
            {name.trim().length}/{NAME_MAX}
          </span>
        </div>
        {errorFor('name', ids.nameError)}
      </div>

      <fieldset className="settings-avatar-field" aria-describedby={ids.linkHint}>
        <legend className="field-label">{t('profile.avatar')}</legend>
        <div className="settings-avatar-field__row">
          <AccountAvatar user={user} picture={previewAvatar} size={56} />
          <div className="settings-avatar-field__actions">
            <input
              ref={fileRef}
              id={ids.file}
              type="file"
              accept={ACCEPTED_TYPES.join(',')}
              className="visually-hidden"
              tabIndex={-1}
              aria-label={t('profile.avatarFileLabel')}
              onChange={onFile}
            />
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              onClick={() => fileRef.current?.click()}
            >
              {upload.isPending ? (
                <span className="spinner spinner--dark" aria-hidden="true" />
              ) : (
                <UploadIcon />
              )}
              {upload.isPending ? t('profile.uploading') : t('profile.uploadAvatar')}
            </button>
            <button
              type="button"
              className="button button--small button--quiet"
              disabled={busy || chosenAvatar === ''}
              onClick={() => {
                setAvatar('');
                setLink('');
                setError(null);
              }}
            >
              {t('profile.useDefaultAvatar')}
            </button>
          </div>
        </div>
        {chosenAvatar === '' ? <p className="field-hint">{t('profile.avatarDefault')}</p> : null}
        <div className="field settings-avatar-field__link">
          <label htmlFor={ids.link} className="field-label field-label--quiet">
            {t('profile.avatarLink')}
          </label>
          <input
            id={ids.link}
            type="url"
            inputMode="url"
            dir="ltr"
            className="text-input"
            placeholder="https://"
            value={link}
            maxLength={AVATAR_URL_MAX + 16}
            aria-invalid={error?.field === 'avatar' ? true : undefined}
            aria-describedby={[error?.field === 'avatar' ? ids.avatarError : '', ids.linkHint]
              .join(' ')
              .trim()}
            onChange={(event) => setLink(event.target.value)}
          />
          <p id={ids.linkHint} className="field-hint">
            {t('profile.avatarLinkHint')}
          </p>
        </div>
        {errorFor('avatar', ids.avatarError)}
      </fieldset>

      {errorFor('form', ids.formError)}
      <div className="settings-form__actions">
        <button type="submit" className="button button--primary" disabled={busy || !changes}>
          {update.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {t('profile.save')}
        </button>
        {changes ? (
          <button type="button" className="button button--quiet" onClick={reset} disabled={busy}>
            {t('profile.discard')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
