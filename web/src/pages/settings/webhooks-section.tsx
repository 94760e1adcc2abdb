// Webhooks: the signing secret (hidden until revealed, copy, rotate after a confirmation) and the recent
// deliveries (event, job, URL, status, attempts, last answer, time), with an empty state.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '../../api/webhooks.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { AlertIcon, CheckIcon, CopyIcon, EyeIcon, LinkIcon, RetryIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { useRotateWebhookSecret, useWebhooks } from '../../hooks/use-webhooks.ts';
import { errorKey, formatDate } from './settings-model.ts';
import { SettingsSection } from './settings-section.tsx';

const MASK = '•'.repeat(24);

export function WebhooksSection({ userId }: { userId: number }) {
  const { t } = useTranslation('settings');
  const webhooks = useWebhooks(userId);

  return (
    <SettingsSection id="webhooks" title={t('webhooks.heading')} intro={t('webhooks.intro')}>
      {webhooks.isPending ? (
        <div className="skeleton-rows" aria-busy="true">
          <span className="skeleton skeleton--row" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      ) : webhooks.isError ? (
        <div className="notice notice--danger" role="alert">
          <AlertIcon className="notice__icon" />
          <p className="notice__body">{t(errorKey(webhooks.error, 'webhooks.loadFailed'))}</p>
          <button type="button" className="button button--small" onClick={() => void webhooks.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <>
          <SigningSecret userId={userId} secret={webhooks.data.secret.secret} />
          <h3 className="webhooks__subheading">{t('webhooks.deliveriesHeading')}</h3>
          {webhooks.data.deliveries.items.length === 0 ? (
            <div className="settings-empty">
              <LinkIcon className="settings-empty__icon" />
              <p>{t('webhooks.empty')}</p>
            </div>
          ) : (
            <DeliveryTable deliveries={webhooks.data.deliveries.items} />
          )}
        </>
      )}
    </SettingsSection>
  );
}

function SigningSecret({ userId, secret }: { userId: number; secret: string }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const rotate = useRotateWebhookSecret(userId);
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast('success', t('webhooks.secretCopied'));
    } catch {
      setShown(true);
      toast('error', t('webhooks.copyFailed'));
    }
  };

  const confirmRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setCopied(false);
        toast('success', t('webhooks.rotated'));
      },
      onError: (caught) => {
        setConfirming(false);
        toast('error', t(errorKey(caught, 'webhooks.rotateFailed')));
      },
    });

  return (
    <div className="webhook-secret">
      <p className="field-label">{t('webhooks.secret')}</p>
      <div className="webhook-secret__row">
        <code className="webhook-secret__value" dir="ltr">
          {shown ? secret : `whsec_${MASK}`}
        </code>
        <button
          type="button"
          className="button button--small"
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          <EyeIcon />
          {shown ? t('webhooks.hide') : t('webhooks.reveal')}
        </button>
        <button type="button" className="button button--small" onClick={() => void copy()}>
          {copied ? <CheckIcon /> : <CopyIcon />}
          {t('webhooks.copy')}
        </button>
        <button
          type="button"
          className="button button--small button--danger-quiet"
          onClick={() => setConfirming(true)}
        >
          <RetryIcon />
          {t('webhooks.rotate')}
        </button>
      </div>
      <p className="field-hint">{t('webhooks.secretHint')}</p>
      {confirming ? (
        <ConfirmDialog
          title={t('webhooks.rotateTitle')}
          text={t('webhooks.rotateText')}
          confirmLabel={t('webhooks.rotateConfirm')}
          cancelLabel={t('common.cancel')}
          busy={rotate.isPending}
          onConfirm={confirmRotate}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

function DeliveryTable({ deliveries }: { deliveries: WebhookDelivery[] }) {
  const { t, i18n } = useTranslation('settings');
  const columns = {
    event: t('webhooks.event'),
    job: t('webhooks.job'),
    url: t('webhooks.url'),
    status: t('webhooks.status'),
    attempts: t('webhooks.attempts'),
    answer: t('webhooks.lastAnswer'),
    time: t('webhooks.time'),
  };
  return (
    <table className="settings-table webhook-table">
      <caption className="visually-hidden">{t('webhooks.deliveriesHeading')}</caption>
      <thead>
        <tr>
          {Object.values(columns).map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {deliveries.map((d) => (
          <tr key={d.id}>
            <td data-label={columns.event}>
              <code dir="ltr">{d.event_type}</code>
            </td>
            <td data-label={columns.job}>
              <code dir="ltr" title={d.job_id}>
                {d.job_id.slice(0, 8)}…
              </code>
            </td>
            <td data-label={columns.url} className="webhook-table__url">
              <span dir="ltr" title={d.url}>
                {d.url}
              </span>
            </td>
            <td data-label={columns.status}>
              <span className={`webhook-status webhook-status--${d.status}`}>
                {t(`webhooks.statuses.${d.status}`)}
              </span>
            </td>
            <td data-label={columns.attempts}>{d.attempts}</td>
            <td data-label={columns.answer}>
              {d.last_status !== null ? (
                <span dir="ltr">HTTP {d.last_status}</span>
              ) : d.last_error ? (
                <span className="settings-muted">{d.last_error}</span>
              ) : (
                <span className="settings-muted">—</span>
              )}
            </td>
            <td data-label={columns.time}>{formatDate(d.updated_at, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
