// What a viewer can do with a post, wherever it shows (gallery, post page, my posts): like (guests are asked
// to sign in first), report, delete their own after confirming, and "Create Similar" on the home generator.
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchPost, type Post, type PostDetail } from '../../api/community.ts';
import { ApiError } from '../../api/http.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useToast } from '../../components/toast.tsx';
import { queryKeys } from '../../hooks/query-keys.ts';
import { useModels } from '../../hooks/use-models.ts';
import { useDeletePost, useLikePost } from '../../hooks/use-post-actions.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import type { HomeNavigationState } from '../home/home-page.tsx';
import { similarValues } from './community-model.ts';
import type { PostActions } from './gallery-card.tsx';
import { ReportDialog } from './report-dialog.tsx';

/** Runs an action for a signed-in viewer; a guest hears 'Please login first' and gets the sign-in modal. */
export function useSignedInAction() {
  const { user, openSignIn } = useAuth();
  const toast = useToast();
  const { t } = useTranslation('community');
  return useCallback(
    (action: () => void) => {
      if (!user) {
        toast('info', t('errors.loginRequired'));
        openSignIn();
        return;
      }
      action();
    },
    [user, openSignIn, toast, t],
  );
}

const isDetail = (post: Post): post is PostDetail => 'options' in post && 'model' in post;

export function usePostInteractions({ onDeleted }: { onDeleted?: (post: Post) => void } = {}): {
  actions: PostActions;
  dialogs: ReactNode;
} {
  const { t } = useTranslation('community');
  const toast = useToast();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, checking } = useAuth();
  const viewerId = user?.id ?? 0;
  const signedIn = useSignedInAction();
  const like = useLikePost();
  const remove = useDeletePost();
  const models = useModels('generate');
  const [pendingLikes, setPendingLikes] = useState<ReadonlySet<string>>(() => new Set());
  const [reporting, setReporting] = useState<Post | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);

  const onLike = useCallback(
    (post: Post) =>
      signedIn(() => {
        setPendingLikes((current) => new Set(current).add(post.id));
        like.mutate(
          { id: post.id, liked: !post.liked_by_me },
          {
            onError: (error) => {
              // A 401 already signed the viewer out and opened the sign-in modal.
              if (!(error instanceof ApiError && error.status === 401)) {
                toast('error', t('errors.likeFailed'));
              }
            },
            onSettled: () =>
              setPendingLikes((current) => {
                const next = new Set(current);
                next.delete(post.id);
                return next;
              }),
          },
        );
      }),
    [signedIn, like, toast, t],
  );

  const onReport = useCallback((post: Post) => signedIn(() => setReporting(post)), [signedIn]);
  const onDelete = useCallback((post: Post) => setDeleting(post), []);

  const onCreateSimilar = useCallback(
    async (post: Post) => {
      try {
        const detail = isDetail(post)
          ? post
          : await queryClient.fetchQuery({
              queryKey: queryKeys.communityPost(viewerId, post.id),
              queryFn: ({ signal }) => fetchPost(post.id, signal),
            });
        const known = (models.data ?? []).map((model) => model.name);
        const state: HomeNavigationState = { generatorValues: similarValues(detail, known) };
        navigate(localizedPath(locale, '/'), { state });
      } catch {
        toast('error', t('errors.similarFailed'));
      }
    },
    [queryClient, viewerId, models.data, navigate, locale, toast, t],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const post = deleting;
    remove.mutate(post.id, {
      onSuccess: () => {
        toast('success', t('delete.success'));
        setDeleting(null);
        onDeleted?.(post);
      },
      onError: () => {
        toast('error', t('errors.deleteFailed'));
        setDeleting(null);
      },
    });
  };

  const actions = useMemo<PostActions>(
    () => ({
      onLike,
      onReport,
      onDelete,
      onCreateSimilar: (post) => void onCreateSimilar(post),
      pendingLikes,
      viewerId,
      viewerKnown: !checking,
    }),
    [onLike, onReport, onDelete, onCreateSimilar, pendingLikes, viewerId, checking],
  );

  const dialogs = (
    <>
      {reporting ? (
        <ReportDialog postId={reporting.id} postTitle={reporting.title} onClose={() => setReporting(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('delete.title')}
          text={t('delete.text', { title: deleting.title })}
          confirmLabel={t('actions.delete')}
          cancelLabel={t('actions.cancel')}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );

  return { actions, dialogs };
}
