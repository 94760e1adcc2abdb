// /community: the public gallery. Latest and Popular tabs, a tag filter from ?tag= with the hot tags as
// chips, an infinite masonry of posts, and for signed-in users likes, reports, deleting their own posts and
// publishing one of their images. Guests can look; every action asks them to sign in first.
// Over 300 lines: the page wires tabs, tag filter, grid and the publish dialogs; the dialogs, cards and model
// have their own files already.
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { FeedSort } from '../../api/community.ts';
import type { HistoryItem } from '../../api/history.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { PlusIcon, TagIcon, UserIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { PublishPostDialog } from '../../components/publish-post-dialog.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { flattenPages } from '../../hooks/community-cache.ts';
import { useCommunityFeed, useHotTags } from '../../hooks/use-community.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { feedSearch, hashTag, readFeedParams } from './community-model.ts';
import { PostGrid } from './post-grid.tsx';
import { PublishPicker, usePublishCandidates } from './publish-picker.tsx';
import { usePostInteractions, useSignedInAction } from './use-post-interactions.tsx';
import './community.css';

const SORTS: FeedSort[] = ['latest', 'popular'];
/** How many history pages a "?publish=<job>" link may look through for its image. */
const PUBLISH_LOOKUP_PAGES = 3;

export default function CommunityRoute() {
  return (
    <NamespaceGate namespace="community">
      <CommunityPage />
    </NamespaceGate>
  );
}

interface Publishing {
  item: HistoryItem;
  image: number;
}

/**
 * The generator's "Publish" links here with ?publish=<job id>&image=<n>: the image's history item is found
 * by its job, then the publish form opens on it (the picker when it cannot be found).
 */
function usePublishFromLink(onFound: (publishing: Publishing) => void, onMissing: () => void) {
  const { user, checking, openSignIn } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const jobId = searchParams.get('publish');
  const image = Number(searchParams.get('image') ?? 0);
  const candidates = usePublishCandidates(Boolean(jobId && user));
  const asked = useRef(false);
  /** The link already handled (the URL keeps it until the navigation that clears it lands). */
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!jobId || handled.current === jobId || checking) return;
    if (!user) {
      if (!asked.current) openSignIn();
      asked.current = true;
      return;
    }
    if (candidates.isPending || candidates.isFetchingNextPage) return;
    const clear = () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('publish');
          next.delete('image');
          return next;
        },
        { replace: true },
      );
    const items = (candidates.data?.pages ?? []).flatMap((page) => page.items);
    const item = items.find((candidate) => candidate.job_id === jobId || candidate.id === jobId);
    if (item) {
      handled.current = jobId;
      clear();
      onFound({ item, image: Number.isInteger(image) && image >= 0 ? image : 0 });
    } else if (
      candidates.hasNextPage &&
      !candidates.isError &&
      (candidates.data?.pages.length ?? 0) < PUBLISH_LOOKUP_PAGES
    ) {
      void candidates.fetchNextPage();
    } else {
      handled.current = jobId;
      clear();
      onMissing();
    }
  }, [jobId, image, user, checking, openSignIn, candidates, setSearchParams, onFound, onMissing]);
}

function SortTabs({
  sort,
  onChange,
  panelId,
  tabId,
}: {
  sort: FeedSort;
  onChange: (sort: FeedSort) => void;
  panelId: string;
  tabId: (sort: FeedSort) => string;
}) {
  const { t } = useTranslation('community');
  const refs = useRef(new Map<FeedSort, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const index = SORTS.indexOf(sort);
    const next =
      event.key === 'Home'
        ? SORTS[0]!
        : event.key === 'End'
          ? SORTS[SORTS.length - 1]!
          : SORTS[(index + (event.key === 'ArrowRight' ? 1 : SORTS.length - 1)) % SORTS.length]!;
    onChange(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div className="sort-tabs" role="tablist" aria-label={t('page.sortLabel')}>
      {SORTS.map((value) => (
        <button
          key={value}
          ref={(element) => {
            if (element) refs.current.set(value, element);
          }}
          type="button"
          role="tab"
          id={tabId(value)}
          aria-selected={sort === value}
          aria-controls={panelId}
          tabIndex={sort === value ? 0 : -1}
          className="sort-tabs__tab"
          onClick={() => onChange(value)}
          onKeyDown={onKeyDown}
        >
          {t(`page.tabs.${value}`)}
        </button>
      ))}
    </div>
  );
}

function TagFilter({ tag, onTag }: { tag: string; onTag: (tag: string) => void }) {
  const { t } = useTranslation('community');
  const hot = useHotTags();
  const tags = hot.data ?? [];
  const shown = tag && !tags.some((entry) => entry.tag === tag) ? [{ tag, count: 0 }, ...tags] : tags;
  const headingId = useId();
  return (
    <section className="tag-filter" aria-labelledby={headingId}>
      <h2 id={headingId} className="tag-filter__title">
        <TagIcon width={16} height={16} />
        {t('page.hotTags')}
      </h2>
      <ul className="tag-filter__list">
        <li>
          <button type="button" className="tag-chip" aria-pressed={tag === ''} onClick={() => onTag('')}>
            {t('page.allTags')}
          </button>
        </li>
        {shown.map((entry) => (
          <li key={entry.tag}>
            <button
              type="button"
              className="tag-chip"
              aria-pressed={tag === entry.tag}
              onClick={() => onTag(tag === entry.tag ? '' : entry.tag)}
            >
              <bdi>#{entry.tag}</bdi>
              {entry.count > 0 ? (
                <>
                  <span className="tag-chip__count" aria-hidden="true">
                    {entry.count}
                  </span>
                  <span className="visually-hidden">{t('page.tagCount', { number: entry.count })}</span>
                </>
              ) : null}
            </button>
          </li>
        ))}
        {hot.isPending
          ? [0, 1, 2, 3].map((index) => (
              <li key={index} aria-hidden="true">
                <span className="tag-chip tag-chip--skeleton" />
              </li>
            ))
          : null}
      </ul>
    </section>
  );
}

function CommunityPage() {
  const { t } = useTranslation('community');
  useDocumentTitle(t('page.documentTitle'));
  const locale = useLocale();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const { sort, tag } = readFeedParams(searchParams);
  const feed = useCommunityFeed(sort, tag);
  const posts = flattenPages(feed.data);
  const { actions, dialogs } = usePostInteractions();
  const signedIn = useSignedInAction();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [publishing, setPublishing] = useState<Publishing | null>(null);
  const ids = { panel: useId(), tab: useId() };
  const tabId = (value: FeedSort) => `${ids.tab}-${value}`;

  const setFeed = useCallback(
    (next: { sort?: FeedSort; tag?: string }) => navigate({ search: feedSearch(searchParams, next) }),
    [navigate, searchParams],
  );

  usePublishFromLink(
    useCallback((found: Publishing) => setPublishing(found), []),
    useCallback(() => setPickerOpen(true), []),
  );

  const loadMore = useCallback(() => {
    if (feed.hasNextPage && !feed.isFetchingNextPage) void feed.fetchNextPage();
  }, [feed]);

  const published = () => {
    setPublishing(null);
    // The new post leads the Latest feed of every tag.
    navigate({ search: feedSearch(searchParams, { sort: 'latest', tag: '' }) });
    window.scrollTo({ top: 0 });
  };

  const empty = (
    <div className="grid-state">
      <span className="grid-state__icon">
        <TagIcon />
      </span>
      <p className="grid-state__title">
        {tag ? t('page.emptyTagTitle', { tag: hashTag(tag) }) : t('page.emptyTitle')}
      </p>
      <p className="grid-state__text">{t('page.emptyText')}</p>
      <div className="grid-state__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => signedIn(() => setPickerOpen(true))}
        >
          <PlusIcon width={18} height={18} />
          {t('page.publishFirst')}
        </button>
        {tag ? (
          <button type="button" className="button" onClick={() => setFeed({ tag: '' })}>
            {t('page.showAll')}
          </button>
        ) : null}
      </div>
    </div>
  );

  return (
    <div className="community">
      <header className="community-hero">
        <div className="community-hero__text">
          <p className="hero__eyebrow">{t('page.eyebrow')}</p>
          <h1 className="page-heading">{t('page.title')}</h1>
          <p className="page-intro">{t('page.intro')}</p>
        </div>
        <div className="community-hero__actions">
          <button
            type="button"
            className="button button--primary button--large"
            onClick={() => signedIn(() => setPickerOpen(true))}
          >
            <PlusIcon />
            {t('page.publish')}
          </button>
          {user ? (
            <Link to={localizedPath(locale, '/user/posts')} className="button button--large">
              <UserIcon />
              {t('page.myPosts')}
            </Link>
          ) : null}
        </div>
      </header>

      <div className="community-toolbar">
        <SortTabs
          sort={sort}
          onChange={(next) => setFeed({ sort: next })}
          panelId={ids.panel}
          tabId={tabId}
        />
        <TagFilter tag={tag} onTag={(next) => setFeed({ tag: next })} />
      </div>

      <div role="tabpanel" id={ids.panel} aria-labelledby={tabId(sort)} className="community-feed">
        {tag ? (
          <h2 className="community-feed__title">{t('page.taggedHeading', { tag: hashTag(tag) })}</h2>
        ) : (
          <h2 className="visually-hidden">{t(`page.tabs.${sort}`)}</h2>
        )}
        <PostGrid
          posts={posts}
          actions={actions}
          label={tag ? t('page.taggedHeading', { tag: hashTag(tag) }) : t(`page.tabs.${sort}`)}
          loading={feed.isPending}
          error={feed.isError}
          onRetry={() => void feed.refetch()}
          hasMore={Boolean(feed.hasNextPage)}
          loadingMore={feed.isFetchingNextPage}
          onLoadMore={loadMore}
          empty={empty}
        />
      </div>

      {dialogs}
      {pickerOpen ? (
        <PublishPicker
          onClose={() => setPickerOpen(false)}
          onPick={(item) => {
            setPickerOpen(false);
            setPublishing({ item, image: 0 });
          }}
        />
      ) : null}
      {publishing ? (
        <PublishPostDialog
          item={publishing.item}
          initialImage={publishing.image}
          onClose={() => setPublishing(null)}
          onPublished={published}
        />
      ) : null}
    </div>
  );
}
