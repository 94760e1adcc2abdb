// Authors' appeals against takedowns: the post, why it was taken down, the author's words. Restore puts the
// post back for everyone; uphold keeps it down. Both ask first; the author sees the decision on the post.
import { useTranslation } from 'react-i18next';
import type { AdminAppeal } from '../../api/admin-moderation.ts';
import { FlagIcon } from '../../components/icons.tsx';
import { useAppeals, useDecideAppeal } from '../../hooks/use-admin-moderation.ts';
import { EmptyState, LoadError, LoadMore, SkeletonList } from './admin-states.tsx';
import { DecisionButtons, HiddenBadge, ModerationItemHead, RelativeTime } from './moderation-item.tsx';
import { ReasonBadges } from './report-groups.tsx';
import type { useConfirmedAction } from './use-confirmed-action.ts';

type Decision = 'restore' | 'uphold';

export function ReportAppeals({ confirmation }: { confirmation: ReturnType<typeof useConfirmedAction> }) {
  const { t } = useTranslation('admin');
  const appeals = useAppeals('open');
  const decide = useDecideAppeal();
  const items = appeals.data?.pages.flatMap((page) => page.items) ?? [];

  const ask = (appeal: AdminAppeal, decision: Decision) => {
    const title = appeal.post?.title || t('reports.untitled');
    confirmation.ask({
      request: {
        title: t(decision === 'restore' ? 'appeals.confirmRestoreTitle' : 'appeals.confirmUpholdTitle'),
        text: t(decision === 'restore' ? 'appeals.confirmRestoreText' : 'appeals.confirmUpholdText', {
          title,
        }),
        confirmLabel: t(decision === 'restore' ? 'appeals.restore' : 'appeals.uphold'),
        tone: decision === 'restore' ? 'primary' : 'danger',
        run: () => decide.mutateAsync({ id: appeal.id, decision }),
      },
      success: t(decision === 'restore' ? 'appeals.restored' : 'appeals.upheld', { title }),
      fallbackKey: 'reports.actionFailed',
    });
  };

  if (appeals.isPending) return <SkeletonList rows={2} height={128} />;
  if (appeals.isError) return <LoadError error={appeals.error} onRetry={() => void appeals.refetch()} />;
  if (items.length === 0) {
    return (
      <div className="admin-card">
        <EmptyState icon={<FlagIcon />} title={t('appeals.empty')} text={t('appeals.emptyText')} />
      </div>
    );
  }
  return (
    <>
      <ul className="mod-list" aria-label={t('appeals.listLabel')}>
        {items.map((appeal) => (
          <AppealItem
            key={appeal.id}
            appeal={appeal}
            busy={decide.isPending && decide.variables?.id === appeal.id}
            onDecide={(decision) => ask(appeal, decision)}
          />
        ))}
      </ul>
      <LoadMore query={appeals} label={t('common.loadMore')} />
    </>
  );
}

function AppealItem({
  appeal,
  busy,
  onDecide,
}: {
  appeal: AdminAppeal;
  busy: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation('admin');
  const post = appeal.post;
  const title = post?.title || t('reports.untitled');
  return (
    <li className="mod-item">
      <ModerationItemHead
        post={post}
        badges={<HiddenBadge status={post?.status} />}
        meta={[{ label: t('appeals.appealedAt'), value: <RelativeTime at={appeal.created_at} /> }]}
      >
        {post && post.takedown_reasons.length > 0 ? (
          <ReasonBadges reasons={post.takedown_reasons} />
        ) : (
          <p className="mod-item__resolution">{t('appeals.hiddenByHand')}</p>
        )}
        {/* The label stays outside the message, so the message's own first letter sets its direction. */}
        <span className="visually-hidden">{t('appeals.messageLabel')}</span>
        <p className="mod-item__details" dir="auto">
          {appeal.message}
        </p>
      </ModerationItemHead>
      <DecisionButtons
        busy={busy}
        buttons={[
          {
            label: t('appeals.restore'),
            ariaLabel: t('appeals.restoreLabel', { title }),
            tone: 'primary',
            onClick: () => onDecide('restore'),
          },
          {
            label: t('appeals.uphold'),
            ariaLabel: t('appeals.upholdLabel', { title }),
            tone: 'danger',
            onClick: () => onDecide('uphold'),
          },
        ]}
      />
    </li>
  );
}
