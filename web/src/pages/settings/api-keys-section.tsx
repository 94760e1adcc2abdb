// API keys (Enterprise plan and administrators): create one with a name (the key is shown once, with a copy
// button and a warning), see the list (name, prefix, created, last used) and revoke after a confirmation.
// Without API access the section says it comes with Enterprise and links to the Enterprise request form.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CreatedApiKey } from '../../api/account.ts';
import { ApiError } from '../../api/http.ts';
import { AlertIcon, CheckIcon, CopyIcon, KeyIcon, PlusIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { useApiKeys, useCreateApiKey } from '../../hooks/use-account.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { KeyList } from './api-key-list.tsx';
import { API_KEY_NAME_MAX, errorKey } from './settings-model.ts';
import { SentenceWith, SettingsSection, SLOT } from './settings-section.tsx';

/** The pricing page with the Enterprise request form open. */
export const ENTERPRISE_REQUEST_PATH = '/pricing?contact=enterprise';

const refusedForPlan = (error: unknown) => error instanceof ApiError && error.code === 'api_access_required';

/** Why there is no key form: API access comes with Enterprise, and where to ask for it. */
function EnterpriseOnly() {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  return (
    <div className="notice api-access-notice">
      <KeyIcon className="notice__icon" />
      <div className="notice__body">
        <p className="notice__title">{t('apiKeys.enterpriseTitle')}</p>
        <p>{t('apiKeys.enterpriseText')}</p>
        <Link
          to={localizedPath(locale, ENTERPRISE_REQUEST_PATH)}
          className="button button--small button--primary"
        >
          {t('apiKeys.requestEnterprise')}
        </Link>
      </div>
    </div>
  );
}

export function ApiKeysSection({ userId, apiAccess }: { userId: number; apiAccess: boolean }) {
  const { t } = useTranslation('settings');
  const keys = useApiKeys(userId, apiAccess);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // The plan may have ended since the page loaded (a grant lapsed): the server's refusal says so too.
  const [refused, setRefused] = useState(false);

  return (
    <SettingsSection
      id="api-keys"
      title={t('apiKeys.heading')}
      intro={
        <SentenceWith text={t('apiKeys.intro', { header: SLOT })}>
          <code className="settings-code" dir="ltr">
            Authorization: Bearer sk_…
          </code>
        </SentenceWith>
      }
    >
      <p>
        <a href="/api/docs" className="settings-link" target="_blank" rel="noopener">
          {t('apiKeys.docs')}
        </a>
      </p>
      {apiAccess && !refused ? (
        <CreateKeyForm userId={userId} onCreated={setCreated} onRefused={() => setRefused(true)} />
      ) : (
        <EnterpriseOnly />
      )}
      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
      {!apiAccess ? null : keys.isPending ? (
        <div className="skeleton-rows" aria-busy="true">
          <span className="skeleton skeleton--row" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      ) : keys.isError ? (
        <div className="notice notice--danger" role="alert">
          <AlertIcon className="notice__icon" />
          <p className="notice__body">{t(errorKey(keys.error, 'apiKeys.loadFailed'))}</p>
          <button type="button" className="button button--small" onClick={() => void keys.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : keys.data.length === 0 ? (
        <div className="settings-empty">
          <KeyIcon className="settings-empty__icon" />
          <p>{t('apiKeys.empty')}</p>
        </div>
      ) : (
        <KeyList userId={userId} keys={keys.data} />
      )}
    </SettingsSection>
  );
}

function CreateKeyForm({
  userId,
  onCreated,
  onRefused,
}: {
  userId: number;
  onCreated: (created: CreatedApiKey) => void;
  onRefused: () => void;
}) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const create = useCreateApiKey(userId);
  const [name, setName] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), hint: useId(), error: useId(), webhook: useId(), webhookHint: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('apiKeys.nameRequired'));
    setError(null);
    create.mutate(
      { name: name.trim(), webhookUrl: webhookUrl.trim() },
      {
        onSuccess: (created) => {
          setName('');
          setWebhookUrl('');
          onCreated(created);
          toast('success', t('apiKeys.createSuccess'));
        },
        onError: (caught) => {
          if (refusedForPlan(caught)) return onRefused();
          const text = t(errorKey(caught, 'apiKeys.createFailed'));
          setError(text);
          toast('error', text);
        },
      },
    );
  };

  return (
    <form className="key-create" onSubmit={submit} noValidate>
      <div className="field key-create__field">
        <label htmlFor={ids.name} className="field-label">
          {t('apiKeys.name')}
        </label>
        <input
          id={ids.name}
          className="text-input"
          value={name}
          maxLength={API_KEY_NAME_MAX}
          placeholder={t('apiKeys.namePlaceholder')}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? ids.error : '', ids.hint].join(' ').trim()}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary key-create__submit" disabled={create.isPending}>
        {create.isPending ? <span className="spinner" aria-hidden="true" /> : <PlusIcon />}
        {t('apiKeys.create')}
      </button>
      <p id={ids.hint} className="field-hint key-create__hint">
        {t('apiKeys.nameHint')}
      </p>
      <div className="field key-create__field key-create__webhook">
        <label htmlFor={ids.webhook} className="field-label">
          {t('apiKeys.webhookUrl')}
        </label>
        <input
          id={ids.webhook}
          className="text-input"
          type="url"
          dir="ltr"
          value={webhookUrl}
          maxLength={2048}
          placeholder="https://example.com/hooks/pictura"
          autoComplete="off"
          aria-describedby={ids.webhookHint}
          onChange={(event) => setWebhookUrl(event.target.value)}
        />
        <p id={ids.webhookHint} className="field-hint">
          {t('apiKeys.webhookHint')}
        </p>
      </div>
      {error ? (
        <p id={ids.error} className="field-error key-create__hint" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The whole key, once: copy it now or lose it. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const warningId = useId();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      toast('success', t('apiKeys.copied'));
    } catch {
      inputRef.current?.select();
      toast('error', t('apiKeys.copyFailed'));
    }
  };

  return (
    <section className="new-key" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="new-key__title">
        <KeyIcon />
        {t('apiKeys.newKeyTitle', { name: created.api_key.name })}
      </h3>
      <p id={warningId} className="new-key__warning">
        <AlertIcon className="new-key__warning-icon" />
        {t('apiKeys.newKeyWarning')}
      </p>
      <div className="new-key__row">
        <input
          ref={inputRef}
          className="text-input new-key__value"
          readOnly
          value={created.key}
          aria-label={t('apiKeys.newKeyLabel')}
          aria-describedby={warningId}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? <CheckIcon /> : <CopyIcon />}
          {t('apiKeys.copy')}
        </button>
      </div>
      <button type="button" className="button button--small button--quiet new-key__done" onClick={onDone}>
        {t('apiKeys.done')}
      </button>
    </section>
  );
}
