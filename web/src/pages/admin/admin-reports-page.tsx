// /admin/reports: the report queue. Open reports first, with the post, the reason and who reported it;
// approve takes the post down, reject dismisses the report. Handled reports say who decided and when.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AdminReport, ReportStatus } from '../../api/admin.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { CheckIcon, CloseIcon, FlagIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useToast } from '../../components/toast.tsx';
import { useAdminReports, useResolveReport } from '../../hooks/use-admin-moderation.ts';
import { adminErrorText } from './admin-errors.ts';
import { formatDateTime, relativeTime } from './admin-format.ts';
import { AdminLayout } from './admin-layout.tsx';
import { EmptyState, LoadError, LoadMore, SkeletonList } from './admin-states.tsx';
import { ConfirmationDialog } from './confirmation-dialog.tsx';
import { MissingThumb, PostThumb } from './post-thumb.tsx';
import { useConfirmedAction } from './use-confirmed-action.ts';
import './admin-moderation.css';

const STATUSES: readonly ReportStatus[] = ['open', 'actioned', 'dismissed'];
const REASONS = new Set(['spam', 'nudity', 'violence', 'copyright', 'other']);

function statusFrom(value: string | null): ReportStatus {
  return STATUSES.includes(value as ReportStatus) ? (value as ReportStatus) : 'open';
}

export default function AdminReportsPage() {
  return (
    <NamespaceGate namespace="admin">
      <Reports />
    </NamespaceGate>
  );
}

function Reports() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const reports = useAdminReports(status);
  const resolve = useResolveReport();
  const confirmation = useConfirmedAction();
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];

  const setStatus = (next: ReportStatus) =>
    setParams(next === 'open' ? {} : { status: next }, { replace: true });

  const approve = (report: AdminReport) => {
    const title = report.post?.title ?? t('reports.deletedPost');
    confirmation.ask({
      request: {
        title: t('reports.confirmApproveTitle'),
        text: t('reports.confirmApproveText', { title }),
        confirmLabel: t('reports.approve'),
        tone: 'danger',
        run: () => resolve.mutateAsync({ id: report.id, decision: 'approve' }),
      },
      success: t('reports.approved', { title }),
      fallbackKey: 'reports.actionFailed',
    });
  };

  const reject = (report: AdminReport) => {
    resolve.mutate(
      { id: report.id, decision: 'reject' },
      {
        onSuccess: () => toast('success', t('reports.rejected')),
        onError: (error) => {
          const text = adminErrorText(error, 'reports.actionFailed');
          toast('error', 'key' in text ? t(text.key) : text.text);
        },
      },
    );
  };

  return (
    <AdminLayout title={t('reports.title')} intro={t('reports.intro')}>
      <div className="admin-toolbar">
        <ChoiceGroup
          legend={t('reports.statusLabel')}
          name="report-status"
          variant="segmented"
          value={status}
          onChange={setStatus}
          choices={STATUSES.map((value) => ({ value, label: t(`reports.status.${value}`) }))}
        />
      </div>

      {reports.isPending ? (
        <SkeletonList rows={3} height={128} />
      ) : reports.isError ? (
        <LoadError error={reports.error} onRetry={() => void reports.refetch()} />
      ) : items.length === 0 ? (
        <div className="admin-card">
          <EmptyState
            icon={<FlagIcon />}
            title={t(`reports.empty.${status}`)}
            text={status === 'open' ? t('reports.emptyOpenText') : undefined}
          />
        </div>
      ) : (
        <>
          <ul className="mod-list" aria-label={t(`reports.listLabel.${status}`)}>
            {items.map((report) => (
              <ReportItem
                key={report.id}
                report={report}
                busy={resolve.isPending && resolve.variables?.id === report.id}
                onApprove={approve}
                onReject={reject}
              />
            ))}
          </ul>
          <LoadMore query={reports} label={t('common.loadMore')} />
        </>
      )}

      <ConfirmationDialog confirmation={confirmation} />
    </AdminLayout>
  );
}

function ReportItem({
  report,
  busy,
  onApprove,
  onReject,
}: {
  report: AdminReport;
  busy: boolean;
  onApprove: (report: AdminReport) => void;
  onReject: (report: AdminReport) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const { user: me } = useAuth();
  const post = report.post;
  const title = post?.title || t('reports.untitled');
  const reason = REASONS.has(report.reason) ? t(`reports.reason.${report.reason}`) : report.reason;
  const handler =
    report.resolved_by === null
      ? ''
      : report.resolved_by === me?.id
        ? t('reports.byYou')
        : t('reports.byAdmin', { id: report.resolved_by });

  return (
    <li className="mod-item">
      {post ? <PostThumb postId={post.id} title={title} image={post.image} /> : <MissingThumb />}
      <div className="mod-item__body">
        <h2 className="mod-item__title">
          {post ? <span dir="auto">{title}</span> : <span>{t('reports.deletedPost')}</span>}
          {post && post.status === 'hidden' ? (
            <span className="admin-badge admin-badge--danger">{t('content.hidden')}</span>
          ) : null}
        </h2>
        <dl className="mod-item__meta">
          {post ? (
            <div>
              <dt>{t('reports.author')}</dt>
              <dd dir="auto">{post.author.name}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('reports.reporter')}</dt>
            <dd dir="auto">{report.reporter.name}</dd>
          </div>
          <div>
            <dt>{t('reports.reportedAt')}</dt>
            <dd>
              <time dateTime={report.reported_at} title={formatDateTime(report.reported_at, locale)}>
                {relativeTime(report.reported_at, locale)}
              </time>
            </dd>
          </div>
        </dl>
        <p className="mod-item__reason">
          <span className="visually-hidden">{t('reports.reasonLabel')}</span>
          <span className="admin-badge admin-badge--warning">{reason}</span>
        </p>
        {report.details ? (
          <p className="mod-item__details" dir="auto">
            {report.details}
          </p>
        ) : null}
        {report.status !== 'open' && report.resolved_at ? (
          <p className="mod-item__resolution">
            {report.status === 'actioned' ? <CheckIcon /> : <CloseIcon />}
            {t(report.status === 'actioned' ? 'reports.approvedBy' : 'reports.rejectedBy', {
              who: handler,
              when: formatDateTime(report.resolved_at, locale),
            })}
          </p>
        ) : null}
      </div>
      {report.status === 'open' ? (
        <div className="mod-item__actions">
          <button
            type="button"
            className="button button--small button--danger-quiet"
            disabled={busy}
            aria-label={t('reports.approveLabel', { title })}
            onClick={() => onApprove(report)}
          >
            {t('reports.approve')}
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            aria-label={t('reports.rejectLabel', { title })}
            onClick={() => onReject(report)}
          >
            {t('reports.reject')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
