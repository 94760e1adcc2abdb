// The user's API keys: each with its name, prefix, dates, its webhook address and a confirmed delete.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '../../api/account.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useToast } from '../../components/toast.tsx';
import { useRevokeApiKey, useUpdateApiKeyWebhook } from '../../hooks/use-account.ts';
import { errorKey, formatDate } from './settings-model.ts';

export function KeyList({ userId, keys }: { userId: number; keys: ApiKey[] }) {
  const { t, i18n } = useTranslation('settings');
  const toast = useToast();
  const revoke = useRevokeApiKey(userId);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const never = <span className="settings-muted">{t('common.never')}</span>;

  const confirmRevoke = (key: ApiKey) =>
    revoke.mutate(key.id, {
      onSuccess: () => {
        setRevoking(null);
        toast('success', t('apiKeys.revoked'));
      },
      onError: (caught) => {
        setRevoking(null);
        toast('error', t(errorKey(caught, 'apiKeys.revokeFailed')));
      },
    });

  return (
    <>
      <table className="settings-table key-table">
        <caption className="visually-hidden">{t('apiKeys.listCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('apiKeys.name')}</th>
            <th scope="col">{t('apiKeys.keyPrefix')}</th>
            <th scope="col">{t('apiKeys.createdColumn')}</th>
            <th scope="col">{t('apiKeys.lastUsed')}</th>
            <th scope="col">{t('apiKeys.webhookUrl')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('apiKeys.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <td data-label={t('apiKeys.name')} className="key-table__name">
                {key.name}
              </td>
              <td data-label={t('apiKeys.keyPrefix')}>
                <code className="key-table__prefix" dir="ltr">
                  {key.prefix}…
                </code>
              </td>
              <td data-label={t('apiKeys.createdColumn')}>{formatDate(key.created_at, i18n.language)}</td>
              <td data-label={t('apiKeys.lastUsed')}>
                {key.last_used_at ? formatDate(key.last_used_at, i18n.language) : never}
              </td>
              <td data-label={t('apiKeys.webhookUrl')} className="key-table__webhook">
                <KeyWebhook userId={userId} apiKey={key} />
              </td>
              <td className="settings-table__action">
                <button
                  type="button"
                  className="button button--small button--danger-quiet"
                  aria-label={t('apiKeys.revokeLabel', { name: key.name })}
                  onClick={() => setRevoking(key)}
                >
                  {t('apiKeys.revoke')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {revoking ? (
        <ConfirmDialog
          title={t('apiKeys.revokeTitle', { name: revoking.name })}
          text={t('apiKeys.revokeText')}
          confirmLabel={t('apiKeys.revokeConfirm')}
          cancelLabel={t('common.cancel')}
          busy={revoke.isPending}
          onConfirm={() => confirmRevoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
    </>
  );
}

/** A key's default webhook URL, edited in place. */
function KeyWebhook({ userId, apiKey }: { userId: number; apiKey: ApiKey }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const update = useUpdateApiKeyWebhook(userId);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(apiKey.webhook_url ?? '');
  const inputId = useId();

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: apiKey.id, webhookUrl: value.trim() },
      {
        onSuccess: () => {
          setEditing(false);
          toast('success', t('apiKeys.webhookSaved'));
        },
        onError: (caught) => toast('error', t(errorKey(caught, 'apiKeys.webhookSaveFailed'))),
      },
    );
  };

  if (!editing) {
    return (
      <span className="key-webhook">
        {apiKey.webhook_url ? (
          <span className="key-webhook__url" dir="ltr" title={apiKey.webhook_url}>
            {apiKey.webhook_url}
          </span>
        ) : (
          <span className="settings-muted">{t('common.notSet')}</span>
        )}
        <button
          type="button"
          className="button button--small button--quiet"
          aria-label={t('apiKeys.webhookEditLabel', { name: apiKey.name })}
          onClick={() => {
            setValue(apiKey.webhook_url ?? '');
            setEditing(true);
          }}
        >
          {t('apiKeys.webhookEdit')}
        </button>
      </span>
    );
  }
  return (
    <form className="key-webhook key-webhook--editing" onSubmit={save}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('apiKeys.webhookEditLabel', { name: apiKey.name })}
      </label>
      <input
        id={inputId}
        className="text-input"
        type="url"
        dir="ltr"
        value={value}
        maxLength={2048}
        placeholder="https://example.com/hooks/pictura"
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button button--small button--primary" disabled={update.isPending}>
        {t('apiKeys.webhookSave')}
      </button>
      <button type="button" className="button button--small button--quiet" onClick={() => setEditing(false)}>
        {t('common.cancel')}
      </button>
    </form>
  );
}
