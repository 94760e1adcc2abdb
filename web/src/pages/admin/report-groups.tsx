// The open reports, one card per post (the server groups and pages them): how many reports, which reasons
// and how often, the latest date. Cards can be selected and decided together; every decision asks first.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkResult, ReportGroup, ReportGroupSort } from '../../api/admin-moderation.ts';
import { ApiError } from '../../api/http.ts';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { FlagIcon } from '../../components/icons.tsx';
import { useBulkResolveReports, useReportGroups } from '../../hooks/use-admin-moderation.ts';
import { EmptyState, LoadError, LoadMore, SkeletonList } from './admin-states.tsx';
import { BulkOutcome, type BulkOutcomeState, bulkSummary } from './bulk-outcome.tsx';
import {
  BulkBar,
  DecisionButtons,
  ModerationItemHead,
  RelativeTime,
  SelectCheck,
} from './moderation-item.tsx';
import { useBulkSelection } from './use-bulk-selection.ts';
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
  const [outcome, setOutcome] = useState<BulkOutcomeState | null>(null);
  const items = groups.data?.pages.flatMap((page) => page.items) ?? [];
  const titleOf = (postId: string) => {
    const group = items.find((item) => item.post_id === postId);
    return group?.post ? group.post.title || t('reports.untitled') : t('reports.deletedPost');
  };
  const selection = useBulkSelection(items.map((item) => item.post_id));
  const chosen = selection.chosen;

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
          selection.dropDone(results);
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
            selection.clear();
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
          <BulkBar
            label={t('reports.bulkLabel')}
            allChosen={selection.allChosen}
            onSelectAll={selection.selectAll}
            count={chosen.length}
            buttons={[
              {
                label: t('reports.approveSelected'),
                tone: 'danger',
                disabled: chosen.length === 0 || bulk.isPending,
                onClick: () => decide('approve', chosen),
              },
              {
                label: t('reports.rejectSelected'),
                disabled: chosen.length === 0 || bulk.isPending,
                onClick: () => decide('reject', chosen),
              },
            ]}
          />
          <ul className="mod-list" aria-label={t('reports.listLabel.open')}>
            {items.map((group) => (
              <GroupItem
                key={group.post_id}
                group={group}
                selected={selection.isSelected(group.post_id)}
                busy={bulk.isPending}
                onSelect={(on) => selection.toggle(group.post_id, on)}
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
  const { t } = useTranslation('admin');
  const post = group.post;
  const title = post?.title || t('reports.untitled');
  return (
    <li className={selected ? 'mod-item mod-item--selectable is-selected' : 'mod-item mod-item--selectable'}>
      <SelectCheck checked={selected} label={t('reports.selectGroup', { title })} onChange={onSelect} />
      <ModerationItemHead
        post={post}
        badges={
          <span className="admin-badge admin-badge--danger" data-testid="report-count">
            {t('reports.count', { count: group.count })}
          </span>
        }
        meta={[{ label: t('reports.latestAt'), value: <RelativeTime at={group.latest_at} /> }]}
      >
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
                <RelativeTime at={report.reported_at} />
              </p>
              {report.details ? (
                <p className="mod-item__details" dir="auto">
                  {report.details}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </ModerationItemHead>
      <DecisionButtons
        busy={busy}
        buttons={[
          {
            label: t('reports.approve'),
            ariaLabel: t('reports.approveLabel', { title }),
            tone: 'danger',
            onClick: () => onDecide('approve'),
          },
          {
            label: t('reports.reject'),
            ariaLabel: t('reports.rejectAllLabel', { title }),
            onClick: () => onDecide('reject'),
          },
        ]}
      />
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
