// The "My reports" tab of /user/posts: each post the user reported, why, when, and what the moderators did
// (still open, the post taken down, or the report dismissed and the post kept).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type MyReport, REPORT_REASONS } from '../../api/community.ts';
import { AlertIcon, CheckIcon, FlagIcon, RetryIcon } from '../../components/icons.tsx';
import { useUserReports } from '../../hooks/use-moderation-outcomes.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { formatDate } from '../community/community-model.ts';

const OUTCOME_BADGE = {
  open: 'report-outcome--open',
  actioned: 'report-outcome--actioned',
  dismissed: 'report-outcome--dismissed',
} as const;

export function MyReports({ label }: { label: string }) {
  const { t } = useTranslation('community');
  const reports = useUserReports();
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];

  if (reports.isPending) {
    return (
      <p className="grid-state" role="status">
        {t('grid.loading')}
      </p>
    );
  }
  if (reports.isError) {
    return (
      <div className="grid-state grid-state--error" role="alert">
        <span className="grid-state__icon">
          <AlertIcon />
        </span>
        <p className="grid-state__title">{t('mine.reports.error')}</p>
        <button type="button" className="button" onClick={() => void reports.refetch()}>
          <RetryIcon width={18} height={18} />
          {t('actions.retry')}
        </button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="grid-state">
        <span className="grid-state__icon">
          <FlagIcon />
        </span>
        <p className="grid-state__title">{t('mine.reports.emptyTitle')}</p>
        <p className="grid-state__text">{t('mine.reports.emptyText')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="my-reports" aria-label={label}>
        {items.map((report) => (
          <ReportRow key={report.id} report={report} />
        ))}
      </ul>
      {reports.hasNextPage ? (
        <div className="my-reports__more">
          <button
            type="button"
            className="button"
            disabled={reports.isFetchingNextPage}
            onClick={() => void reports.fetchNextPage()}
          >
            {t('mine.reports.more')}
          </button>
        </div>
      ) : null}
    </>
  );
}

function ReportRow({ report }: { report: MyReport }) {
  const { t, i18n } = useTranslation('community');
  const locale = useLocale();
  const reason = (REPORT_REASONS as readonly string[]).includes(report.reason)
    ? t(`report.reasons.${report.reason}`)
    : report.reason;
  const title = report.post?.title || t('mine.reports.untitled');
  // A taken-down post is not there for the reporter any more: no link that would lead to "not found".
  const linked = report.post && report.status !== 'actioned';
  return (
    <li className="my-report" data-testid="my-report" data-status={report.status}>
      <div className="my-report__main">
        <p className="my-report__title">
          {report.post === null ? (
            <span>{t('mine.reports.deleted')}</span>
          ) : linked ? (
            <Link to={localizedPath(locale, `/community/post/${report.post.id}`)}>
              <bdi>{title}</bdi>
            </Link>
          ) : (
            <bdi>{title}</bdi>
          )}
        </p>
        <dl className="my-report__facts">
          <div>
            <dt>{t('mine.reports.reason')}</dt>
            <dd>{reason}</dd>
          </div>
          <div>
            <dt>{t('mine.reports.reportedOn')}</dt>
            <dd>
              <time dateTime={report.reported_at}>{formatDate(report.reported_at, i18n.language)}</time>
            </dd>
          </div>
        </dl>
        {report.details ? (
          <p className="my-report__details" dir="auto">
            {report.details}
          </p>
        ) : null}
      </div>
      <div className="my-report__outcome">
        <span className={`report-outcome ${OUTCOME_BADGE[report.status]}`}>
          {report.status === 'actioned' ? <CheckIcon width={14} height={14} /> : null}
          {t(`mine.reports.status.${report.status}`)}
        </span>
        <p className="my-report__explain">
          {t(`mine.reports.explain.${report.status}`, {
            date: report.resolved_at ? formatDate(report.resolved_at, i18n.language) : '',
          })}
        </p>
      </div>
    </li>
  );
}
