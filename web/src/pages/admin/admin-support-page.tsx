// /admin/support: every sales and support request, paid plans first, a page at a time, filtered by status
// (new or answered); an admin marks one answered once written back to (or new again), which billing
// records in the audit log. The dashboard shows the latest few and links here.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportRequest, SupportRequestStatus } from '../../api/admin.ts';
import { CheckIcon, MailIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useSetSupportRequestStatus, useSupportRequestList } from '../../hooks/use-admin-audit.ts';
import { AdminLayout } from './admin-layout.tsx';
import { EmptyState, LoadError, LoadMore, SkeletonList } from './admin-states.tsx';
import { RequestItem } from './support-requests.tsx';
import './admin-stats.css';

const FILTERS = ['', 'new', 'answered'] as const;

export default function AdminSupportPage() {
  return (
    <NamespaceGate namespace="admin">
      <SupportList />
    </NamespaceGate>
  );
}

function SupportList() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<SupportRequestStatus | ''>('new');
  const requests = useSupportRequestList(status);
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  const change = useSetSupportRequestStatus();
  const filterId = useId();

  const toggle = (request: SupportRequest) =>
    change.mutate({ id: request.id, status: request.status === 'answered' ? 'new' : 'answered' });

  return (
    <AdminLayout title={t('support.title')} intro={t('support.intro')}>
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor={filterId} className="field-label">
            {t('support.filterLabel')}
          </label>
          <select
            id={filterId}
            className="text-input"
            value={status}
            onChange={(event) => setStatus(event.target.value as SupportRequestStatus | '')}
          >
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`support.filter.${value || 'all'}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <section className="admin-card admin-section" aria-label={t('support.title')}>
        {requests.isPending ? (
          <SkeletonList rows={4} height={96} />
        ) : requests.isError && !requests.data ? (
          <LoadError error={requests.error} onRetry={() => void requests.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<MailIcon />}
            title={t(status === 'new' ? 'support.noneNew' : 'dashboard.requestsEmpty')}
            text={t('dashboard.requestsEmptyText')}
          />
        ) : (
          <>
            <ul className="request-list" aria-busy={requests.isFetching || undefined}>
              {items.map((request) => (
                <RequestItem
                  key={request.id}
                  request={request}
                  granted={false}
                  statusAction={
                    <button
                      type="button"
                      className={
                        request.status === 'answered'
                          ? 'button button--small'
                          : 'button button--small button--primary'
                      }
                      disabled={change.isPending && change.variables?.id === request.id}
                      aria-label={t(
                        request.status === 'answered' ? 'support.markNewLabel' : 'support.markAnsweredLabel',
                        { name: request.name },
                      )}
                      onClick={() => toggle(request)}
                    >
                      {request.status === 'answered' ? null : <CheckIcon />}
                      {request.status === 'answered' ? t('support.markNew') : t('support.markAnswered')}
                    </button>
                  }
                />
              ))}
            </ul>
            <LoadMore query={requests} label={t('common.showMore')} />
          </>
        )}
        {change.isError ? (
          <p className="admin-error" role="alert">
            {t('support.failed')}
          </p>
        ) : null}
      </section>
    </AdminLayout>
  );
}
