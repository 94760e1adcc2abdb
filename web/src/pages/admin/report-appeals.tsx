// Authors' appeals against takedowns: the post, why it was taken down, the author's words. Restore puts the
// post back for everyone; uphold keeps it down. Both ask first; the author sees the decision on the post.
import { useTranslation } from 'react-i18next';
import type { AdminAppeal } from '../../api/admin-moderation.ts';
import { FlagIcon } from '../../components/icons.tsx';
import { useAppeals, useDecideAppeal } from '../../hooks/use-admin-moderation.ts';
import { formatDateTime, relativeTime } from './admin-format.ts';
import { EmptyState, LoadError, LoadMore, SkeletonList } from './admin-states.tsx';
import { MissingThumb, PostThumb } from './post-thumb.tsx';
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
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const post = appeal.post;
  const title = post?.title || t('reports.untitled');
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
            <dt>{t('appeals.appealedAt')}</dt>
            <dd>
              <time dateTime={appeal.created_at} title={formatDateTime(appeal.created_at, locale)}>
                {relativeTime(appeal.created_at, locale)}
              </time>
            </dd>
          </div>
        </dl>
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
      </div>
      <div className="mod-item__actions">
        <button
          type="button"
          className="button button--small button--primary"
          disabled={busy}
          aria-label={t('appeals.restoreLabel', { title })}
          onClick={() => onDecide('restore')}
        >
          {t('appeals.restore')}
        </button>
        <button
          type="button"
          className="button button--small button--danger-quiet"
          disabled={busy}
          aria-label={t('appeals.upholdLabel', { title })}
          onClick={() => onDecide('uphold')}
        >
          {t('appeals.uphold')}
        </button>
      </div>
    </li>
  );
}
