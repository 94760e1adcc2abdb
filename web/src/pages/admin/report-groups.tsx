// The open reports, one card per post (the server groups and pages them): how many reports, which reasons
// and how often, the latest date. Cards can be selected and decided together; every decision asks first.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BULK_MAX,
  type BulkResult,
  type ReportGroup,
  type ReportGroupSort,
} from '../../api/admin-moderation.ts';
import { ApiError } from '../../api/http.ts';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { FlagIcon } from '../../components/icons.tsx';
import { useBulkResolveReports, useReportGroups } from '../../hooks/use-admin-moderation.ts';
import { formatDateTime, relativeTime } from './admin-format.ts';
import { EmptyState, LoadError, LoadMore, SkeletonList } from './admin-states.tsx';
import { BulkOutcome, type BulkOutcomeState, bulkSummary } from './bulk-outcome.tsx';
import { MissingThumb, PostThumb } from './post-thumb.tsx';
import type { useConfirmedAction } from './use-confirmed-action.ts';

const SORTS: readonly ReportGroupSort[] = ['count', 'latest'];
export const REASONS = new Set(['spam', 'nudity', 'violence', 'copyright', 'other']);
type Decision = 'approve' | 'reject';

export function ReportGroups({
  sort,
  onSort,
  confirmation,
}: {
  sort: ReportGroupSort;
  onSort: (sort: ReportGroupSort) => void;
  confirmation: ReturnType<typeof useConfirmedAction>;
}) {
  const { t } = useTranslation('admin');
  const groups = useReportGroups(sort);
  const bulk = useBulkResolveReports();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<BulkOutcomeState | null>(null);
  const items = groups.data?.pages.flatMap((page) => page.items) ?? [];
  const titleOf = (postId: string) => {
    const group = items.find((item) => item.post_id === postId);
    return group?.post ? group.post.title || t('reports.untitled') : t('reports.deletedPost');
  };
  // Only cards still on the page count: a decided group leaves the list, and the selection with it.
  const chosen = items.filter((item) => selected.has(item.post_id)).map((item) => item.post_id);
  const selectable = items.slice(0, BULK_MAX).map((item) => item.post_id);
  const allChosen = selectable.length > 0 && selectable.every((id) => selected.has(id));

  const toggle = (postId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on && next.size < BULK_MAX) next.add(postId);
      else next.delete(postId);
      return next;
    });

  const decide = (decision: Decision, postIds: string[]) => {
    const one = postIds.length === 1 ? titleOf(postIds[0]!) : null;
    confirmation.ask({
      request: {
        title: one
          ? t(decision === 'approve' ? 'reports.confirmApproveTitle' : 'reports.confirmRejectTitle')
          : t(decision === 'approve' ? 'reports.confirmBulkApproveTitle' : 'reports.confirmBulkRejectTitle', {
              count: postIds.length,
            }),
        text: one
          ? t(decision === 'approve' ? 'reports.confirmApproveText' : 'reports.confirmRejectText', {
              title: one,
            })
          : t(decision === 'approve' ? 'reports.confirmBulkApproveText' : 'reports.confirmBulkRejectText', {
              count: postIds.length,
            }),
        confirmLabel: t(decision === 'approve' ? 'reports.approve' : 'reports.reject'),
        tone: decision === 'approve' ? 'danger' : 'primary',
        run: async () => {
          const results = await bulk.mutateAsync({ decision, postIds });
          const failed = results.filter((result) => !result.ok);
          // One card: its failure is the dialog's error, as a single action's would be.
          if (one && failed[0]) throw new ApiError(409, failed[0].error ?? '', failed[0].message ?? '');
          // Decided cards leave the selection; the ones that failed stay selected to try again.
          const done = new Set(results.filter((result) => result.ok).map((result) => result.id));
          setSelected((current) => new Set([...current].filter((id) => !done.has(id))));
          const verb = decision === 'approve' ? 'approved' : 'rejected';
          setOutcome(one ? null : { verb, results, titleOf });
          return results;
        },
      },
      success: (results) =>
        one
          ? decision === 'approve'
            ? t('reports.approved', { title: one })
            : t('reports.rejected')
          : bulkSummary(t, decision === 'approve' ? 'approved' : 'rejected', results as BulkResult[]),
      fallbackKey: 'reports.actionFailed',
    });
  };

  return (
    <>
      <div className="admin-toolbar mod-toolbar">
        <ChoiceGroup
          legend={t('reports.sortLabel')}
          name="report-sort"
          variant="segmented"
          value={sort}
          onChange={(next) => {
            setSelected(new Set());
            onSort(next);
          }}
          choices={SORTS.map((value) => ({ value, label: t(`reports.sort.${value}`) }))}
        />
      </div>

      {outcome ? <BulkOutcome outcome={outcome} onClose={() => setOutcome(null)} /> : null}

      {groups.isPending ? (
        <SkeletonList rows={3} height={128} />
      ) : groups.isError ? (
        <LoadError error={groups.error} onRetry={() => void groups.refetch()} />
      ) : items.length === 0 ? (
        <div className="admin-card">
          <EmptyState icon={<FlagIcon />} title={t('reports.empty.open')} text={t('reports.emptyOpenText')} />
        </div>
      ) : (
        <>
          <fieldset className="mod-bulk">
            <legend className="visually-hidden">{t('reports.bulkLabel')}</legend>
            <label className="mod-check">
              <input
                type="checkbox"
                checked={allChosen}
                onChange={(event) => setSelected(event.target.checked ? new Set(selectable) : new Set())}
              />
              <span>{t('reports.selectAll')}</span>
            </label>
            <span className="mod-bulk__count" aria-live="polite">
              {chosen.length > 0 ? t('reports.selected', { count: chosen.length }) : ''}
            </span>
            <div className="mod-bulk__actions">
              <button
                type="button"
                className="button button--small button--danger-quiet"
                disabled={chosen.length === 0 || bulk.isPending}
                onClick={() => decide('approve', chosen)}
              >
                {t('reports.approveSelected')}
              </button>
              <button
                type="button"
                className="button button--small"
                disabled={chosen.length === 0 || bulk.isPending}
                onClick={() => decide('reject', chosen)}
              >
                {t('reports.rejectSelected')}
              </button>
            </div>
          </fieldset>
          <ul className="mod-list" aria-label={t('reports.listLabel.open')}>
            {items.map((group) => (
              <GroupItem
                key={group.post_id}
                group={group}
                selected={selected.has(group.post_id)}
                busy={bulk.isPending}
                onSelect={(on) => toggle(group.post_id, on)}
                onDecide={(decision) => decide(decision, [group.post_id])}
              />
            ))}
          </ul>
          <LoadMore query={groups} label={t('common.loadMore')} />
        </>
      )}
    </>
  );
}

function GroupItem({
  group,
  selected,
  busy,
  onSelect,
  onDecide,
}: {
  group: ReportGroup;
  selected: boolean;
  busy: boolean;
  onSelect: (on: boolean) => void;
  onDecide: (decision: Decision) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const post = group.post;
  const title = post?.title || t('reports.untitled');
  return (
    <li className={selected ? 'mod-item mod-item--selectable is-selected' : 'mod-item mod-item--selectable'}>
      <label className="mod-check mod-item__check">
        <input type="checkbox" checked={selected} onChange={(event) => onSelect(event.target.checked)} />
        <span className="visually-hidden">{t('reports.selectGroup', { title })}</span>
      </label>
      {post ? <PostThumb postId={post.id} title={title} image={post.image} /> : <MissingThumb />}
      <div className="mod-item__body">
        <h2 className="mod-item__title">
          {post ? <span dir="auto">{title}</span> : <span>{t('reports.deletedPost')}</span>}
          <span className="admin-badge admin-badge--danger" data-testid="report-count">
            {t('reports.count', { count: group.count })}
          </span>
        </h2>
        <dl className="mod-item__meta">
          {post ? (
            <div>
              <dt>{t('reports.author')}</dt>
              <dd dir="auto">{post.author.name}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('reports.latestAt')}</dt>
            <dd>
              <time dateTime={group.latest_at} title={formatDateTime(group.latest_at, locale)}>
                {relativeTime(group.latest_at, locale)}
              </time>
            </dd>
          </div>
        </dl>
        <ReasonBadges reasons={group.reasons} />
        <ul className="mod-item__latest" aria-label={t('reports.latestLabel')}>
          {group.latest.map((report) => (
            <li key={report.id}>
              <p className="mod-item__who">
                <bdi>{report.reporter.name}</bdi>
                <span aria-hidden="true"> · </span>
                <span>
                  {REASONS.has(report.reason) ? t(`reports.reason.${report.reason}`) : report.reason}
                </span>
                <span aria-hidden="true"> · </span>
                <time dateTime={report.reported_at} title={formatDateTime(report.reported_at, locale)}>
                  {relativeTime(report.reported_at, locale)}
                </time>
              </p>
              {report.details ? (
                <p className="mod-item__details" dir="auto">
                  {report.details}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <div className="mod-item__actions">
        <button
          type="button"
          className="button button--small button--danger-quiet"
          disabled={busy}
          aria-label={t('reports.approveLabel', { title })}
          onClick={() => onDecide('approve')}
        >
          {t('reports.approve')}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          aria-label={t('reports.rejectAllLabel', { title })}
          onClick={() => onDecide('reject')}
        >
          {t('reports.reject')}
        </button>
      </div>
    </li>
  );
}

/** Each reason once, with how many reports gave it. */
export function ReasonBadges({ reasons }: { reasons: { reason: string; count: number }[] }) {
  const { t } = useTranslation('admin');
  if (reasons.length === 0) return null;
  return (
    <ul className="mod-item__reasons" aria-label={t('reports.reasonsLabel')}>
      {reasons.map(({ reason, count }) => (
        <li key={reason} className="admin-badge admin-badge--warning">
          {REASONS.has(reason) ? t(`reports.reason.${reason}`) : reason}
          {count > 1 ? <span className="mod-item__reason-count">×{count}</span> : null}
        </li>
      ))}
    </ul>
  );
}
