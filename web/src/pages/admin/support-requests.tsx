// The dashboard's inbox: the latest sales and support requests, paying customers first (the server's
// order), with a way to write back, and for an Enterprise request from a signed-in user, a one-click grant
// of Enterprise (a year, after a confirmation).
import { PLANS } from '@pictura/common/plan-catalog';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SupportRequest } from '../../api/admin.ts';
import { ChevronRightIcon, MailIcon } from '../../components/icons.tsx';
import { useSupportRequests } from '../../hooks/use-admin-stats.ts';
import { useGrantPlan } from '../../hooks/use-admin-users.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { formatDateTime, relativeTime } from './admin-format.ts';
import { EmptyState, LoadError, LoadMore, SkeletonList } from './admin-states.tsx';
import { ConfirmationDialog } from './confirmation-dialog.tsx';
import { DEFAULT_GRANT_MONTHS } from './plan-grant-model.ts';
import { useConfirmedAction } from './use-confirmed-action.ts';

const PAID = new Set<string>(PLANS.filter((plan) => plan !== 'free'));
const KNOWN_PLANS = new Set<string>(PLANS);

export function SupportRequests() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const requests = useSupportRequests();
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  const grant = useGrantPlan();
  const confirmation = useConfirmedAction();
  // Requests answered with a grant in this visit: the request keeps the plan its sender had when writing.
  const [granted, setGranted] = useState<ReadonlySet<number>>(() => new Set());

  const askGrant = (request: SupportRequest & { user_id: number }) => {
    const name = request.name;
    confirmation.ask({
      request: {
        title: t('dashboard.grantTitle', { name }),
        text: t('dashboard.grantText', { name, months: DEFAULT_GRANT_MONTHS }),
        confirmLabel: t('dashboard.grantButton'),
        tone: 'primary',
        run: async () => {
          await grant.mutateAsync({
            userId: request.user_id,
            input: {
              plan: 'enterprise',
              months: DEFAULT_GRANT_MONTHS,
              note: t('dashboard.grantNote', { id: request.id }),
            },
          });
          setGranted((ids) => new Set(ids).add(request.id));
        },
      },
      success: t('dashboard.grantDone', { name }),
      fallbackKey: 'users.grant.failed',
    });
  };

  return (
    <section className="admin-card admin-section" aria-labelledby="support-requests-title">
      <div className="admin-section__head">
        <h2 id="support-requests-title" className="admin-section__title">
          {t('dashboard.requestsTitle')}
        </h2>
        <p className="admin-section__hint">{t('dashboard.requestsHint')}</p>
        <Link to={localizedPath(locale, '/admin/support')} className="admin-section__link">
          {t('support.viewAll')}
          <ChevronRightIcon className="icon-flip" />
        </Link>
      </div>
      {requests.isPending ? (
        <SkeletonList rows={3} height={72} />
      ) : requests.isError ? (
        <LoadError error={requests.error} onRetry={() => void requests.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<MailIcon />}
          title={t('dashboard.requestsEmpty')}
          text={t('dashboard.requestsEmptyText')}
        />
      ) : (
        <>
          <ul className="request-list">
            {items.map((request) => (
              <RequestItem
                key={request.id}
                request={request}
                granted={granted.has(request.id)}
                onGrant={askGrant}
              />
            ))}
          </ul>
          <LoadMore query={requests} label={t('common.showMore')} small />
        </>
      )}
      <ConfirmationDialog confirmation={confirmation} />
    </section>
  );
}

/** Sales requests from a signed-in user not yet on Enterprise can be answered with a grant. */
const grantable = (request: SupportRequest): request is SupportRequest & { user_id: number } =>
  request.kind === 'sales' && request.user_id !== null && request.plan !== 'enterprise';

export function RequestItem({
  request,
  granted,
  onGrant,
  statusAction,
}: {
  request: SupportRequest;
  granted: boolean;
  /** Offers the Enterprise grant (the dashboard); without it, none. */
  onGrant?: (request: SupportRequest & { user_id: number }) => void;
  /** The list page's "Mark answered" / "Mark as new" button. */
  statusAction?: ReactNode;
}) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const plan = KNOWN_PLANS.has(request.plan) ? t(`plans.${request.plan}`) : request.plan;
  const subject = t(
    request.kind === 'sales' ? 'dashboard.replySalesSubject' : 'dashboard.replySupportSubject',
  );
  return (
    <li className="request">
      <div className="request__head">
        <span
          className={
            request.kind === 'sales' ? 'admin-badge admin-badge--accent' : 'admin-badge admin-badge--neutral'
          }
        >
          {request.kind === 'sales' ? t('dashboard.kindSales') : t('dashboard.kindSupport')}
        </span>
        <span
          className={
            PAID.has(request.plan) ? 'admin-badge admin-badge--warning' : 'admin-badge admin-badge--neutral'
          }
        >
          {request.user_id === null ? t('dashboard.guest') : plan}
        </span>
        <span
          className={
            request.status === 'answered'
              ? 'admin-badge admin-badge--success'
              : 'admin-badge admin-badge--accent'
          }
        >
          {request.status === 'answered' ? t('support.statusAnswered') : t('support.statusNew')}
        </span>
        <span className="request__name" dir="auto">
          {request.name}
        </span>
        <time
          className="request__time"
          dateTime={request.created_at}
          title={formatDateTime(request.created_at, locale)}
        >
          {relativeTime(request.created_at, locale)}
        </time>
      </div>
      <div className="request__contact">
        <a href={`mailto:${request.email}?subject=${encodeURIComponent(subject)}`}>{request.email}</a>
        {request.company ? <span dir="auto">{request.company}</span> : null}
      </div>
      <p className="request__message" dir="auto">
        {request.message}
      </p>
      {granted || (onGrant && grantable(request)) || statusAction ? (
        <div className="request__actions">
          {statusAction}
          {granted ? (
            <span className="admin-badge admin-badge--success">{t('dashboard.granted')}</span>
          ) : onGrant && grantable(request) ? (
            <button
              type="button"
              className="button button--small button--primary"
              aria-label={t('dashboard.grantLabel', { name: request.name })}
              onClick={() => onGrant(request)}
            >
              {t('dashboard.grantAction')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
