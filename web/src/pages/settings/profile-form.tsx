// Editing the profile: the display name and a picture by link, previewed before it is saved.
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../api/auth.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { UploadIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { useUpdateProfile } from '../../hooks/use-account.ts';
import { useUploadImage } from '../../hooks/use-upload-image.ts';
import { ACCEPTED_TYPES, uploadErrorMessage, validateUploadFile } from '../upscaler/upscaler-model.ts';
import { AccountAvatar } from './account-avatar.tsx';
import {
  AVATAR_URL_MAX,
  avatarLinkError,
  errorKey,
  NAME_MAX,
  profileChanges,
  profileNameError,
} from './settings-model.ts';

type Field = 'name' | 'avatar' | 'form';

export function ProfileForm({ user, saved }: { user: SessionUser; saved: { name: string; avatar: string } }) {
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
