// /admin/reports: the report queue. Open reports come one card per post (how many, which reasons, the
// latest), sorted by count or date, and are approved or rejected, one post or several at once, each after a
// confirmation. Handled reports say who decided and when; a dismissed one can be reopened. Appeals: authors
// ask for their taken-down posts back, and admins restore or uphold.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AdminReport, ReportStatus } from '../../api/admin.ts';
import type { ReportGroupSort } from '../../api/admin-moderation.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { CheckIcon, CloseIcon, FlagIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useToast } from '../../components/toast.tsx';
import { useAdminReports, useReopenReport } from '../../hooks/use-admin-moderation.ts';
import { adminErrorText } from './admin-errors.ts';
import { formatDateTime } from './admin-format.ts';
import { AdminLayout } from './admin-layout.tsx';
import { EmptyState, LoadError, LoadMore, SkeletonList } from './admin-states.tsx';
import { ConfirmationDialog } from './confirmation-dialog.tsx';
import { DecisionButtons, HiddenBadge, ModerationItemHead, RelativeTime } from './moderation-item.tsx';
import { ReportAppeals } from './report-appeals.tsx';
import { REASONS, ReportGroups } from './report-groups.tsx';
import { useConfirmedAction } from './use-confirmed-action.ts';
import './admin-moderation.css';

type View = ReportStatus | 'appeals';
const VIEWS: readonly View[] = ['open', 'actioned', 'dismissed', 'appeals'];

function viewFrom(value: string | null): View {
  return VIEWS.includes(value as View) ? (value as View) : 'open';
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
  const [params, setParams] = useSearchParams();
  const view = viewFrom(params.get('status'));
  const sort: ReportGroupSort = params.get('sort') === 'latest' ? 'latest' : 'count';
  const confirmation = useConfirmedAction();

  const setView = (next: View) => setParams(next === 'open' ? {} : { status: next }, { replace: true });
  const setSort = (next: ReportGroupSort) =>
    setParams(next === 'count' ? {} : { sort: next }, { replace: true });

  return (
    <AdminLayout title={t('reports.title')} intro={t('reports.intro')}>
      <div className="admin-toolbar mod-toolbar">
        <ChoiceGroup
          legend={t('reports.statusLabel')}
          name="report-status"
          variant="segmented"
          value={view}
          onChange={setView}
          choices={VIEWS.map((value) => ({ value, label: t(`reports.status.${value}`) }))}
        />
      </div>

      {view === 'open' ? (
        <ReportGroups sort={sort} onSort={setSort} confirmation={confirmation} />
      ) : view === 'appeals' ? (
        <ReportAppeals confirmation={confirmation} />
      ) : (
        <HandledReports status={view} />
      )}

      <ConfirmationDialog confirmation={confirmation} />
    </AdminLayout>
  );
}

/** Actioned or dismissed reports, newest first; a dismissed one can be put back in the queue. */
function HandledReports({ status }: { status: Exclude<ReportStatus, 'open'> }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const reports = useAdminReports(status);
  const reopen = useReopenReport();
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];

  const onReopen = (report: AdminReport) =>
    reopen.mutate(report.id, {
      onSuccess: () => toast('success', t('reports.reopened')),
      onError: (error) => {
        const text = adminErrorText(error, 'reports.actionFailed');
        toast('error', 'key' in text ? t(text.key) : text.text);
      },
    });

  return (
    <>
      {reports.isPending ? (
        <SkeletonList rows={3} height={128} />
      ) : reports.isError ? (
        <LoadError error={reports.error} onRetry={() => void reports.refetch()} />
      ) : items.length === 0 ? (
        <div className="admin-card">
          <EmptyState icon={<FlagIcon />} title={t(`reports.empty.${status}`)} />
        </div>
      ) : (
        <>
          <ul className="mod-list" aria-label={t(`reports.listLabel.${status}`)}>
            {items.map((report) => (
              <ReportItem
                key={report.id}
                report={report}
                busy={reopen.isPending && reopen.variables === report.id}
                onReopen={onReopen}
              />
            ))}
          </ul>
          <LoadMore query={reports} label={t('common.loadMore')} />
        </>
      )}
    </>
  );
}

function ReportItem({
  report,
  busy,
  onReopen,
}: {
  report: AdminReport;
  busy: boolean;
  onReopen: (report: AdminReport) => void;
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
      <ModerationItemHead
        post={post}
        badges={<HiddenBadge status={post?.status} />}
        meta={[
          { label: t('reports.reporter'), value: report.reporter.name, userText: true },
          { label: t('reports.reportedAt'), value: <RelativeTime at={report.reported_at} /> },
        ]}
      >
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
      </ModerationItemHead>
      {report.status === 'dismissed' ? (
        <DecisionButtons
          busy={busy}
          buttons={[
            {
              label: t('reports.reopen'),
              ariaLabel: t('reports.reopenLabel', { title }),
              onClick: () => onReopen(report),
            },
          ]}
        />
      ) : null}
    </li>
  );
}
