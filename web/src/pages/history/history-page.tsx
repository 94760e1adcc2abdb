// /history: the signed-in user's generated and upscaled images, page by page as the list scrolls, with
// favourites, search by prompt, full-size viewing, publishing, and deleting one or several.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryItem, HistoryTab } from '../../api/history.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useToast } from '../../components/toast.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { loadedItems } from '../../hooks/history-cache.ts';
import { useDeleteHistory, useHistoryList, useToggleFavorite } from '../../hooks/use-history.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { HistoryGrid } from './history-grid.tsx';
import { keepShown, toggleSelected } from './history-model.ts';
import { HistoryToolbar } from './history-toolbar.tsx';
import { HistoryViewer } from './history-viewer.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useHistoryParams } from './use-history-params.ts';
import '../../components/marketing/marketing.css';
import './history-page.css';

const PublishPostDialog = lazy(() =>
  import('../../components/publish-post-dialog.tsx').then((module) => ({
    default: module.PublishPostDialog,
  })),
);

const SEARCH_DEBOUNCE_MS = 350;

export default function HistoryPage() {
  return (
    <NamespaceGate namespace="history">
      <HistoryView />
    </NamespaceGate>
  );
}

function HistoryView() {
  const { t, i18n } = useTranslation('history');
  const locale = useLocale();
  const toast = useToast();
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  useDocumentTitle(t('documentTitle'));

  const { tab, favorite, q, update } = useHistoryParams();
  const [searchText, setSearchText] = useState(q);
  const debouncedSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // The address follows the search once typing pauses, so a reload or a shared link keeps it. Only a new
  // pause writes it: the address changing by itself (filters cleared) must not bring back the old text.
  const currentQ = useRef(q);
  currentQ.current = q;
  useEffect(() => {
    if (debouncedSearch !== currentQ.current) update({ q: debouncedSearch });
  }, [debouncedSearch, update]);

  const filter = useMemo(() => ({ type: tab, favorite, q }), [tab, favorite, q]);
  const list = useHistoryList(userId, filter);
  const items = useMemo(() => loadedItems(list.data), [list.data]);

  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<HistoryItem[] | null>(null);
  const [publishing, setPublishing] = useState<{ item: HistoryItem; image: number } | null>(null);

  // Only what is shown can stay selected (a filter or a delete changes that).
  const shownIds = useMemo(() => items.map((item) => item.id), [items]);
  useEffect(() => {
    setSelected((current) => {
      const kept = keepShown(current, shownIds);
      return kept.size === current.size ? current : kept;
    });
  }, [shownIds]);

  const toggleFavorite = useToggleFavorite(userId);
  const deleteItems = useDeleteHistory(userId);

  const onToggleFavorite = useCallback(
    (item: HistoryItem) => {
      toggleFavorite.mutate(
        { id: item.id, favorite: !item.favorite },
        { onError: () => toast('error', t('errors.operationFailed')) },
      );
    },
    [toggleFavorite, toast, t],
  );

  const confirmDelete = () => {
    if (!toDelete) return;
    const ids = toDelete.map((item) => item.id);
    deleteItems.mutate(ids, {
      onSuccess: (result) => {
        toast(
          'success',
          ids.length === 1 ? t('delete.doneOne') : t('delete.doneMany', { number: result.deleted }),
        );
        setToDelete(null);
        setSelected(new Set());
        if (openId && ids.includes(openId)) setOpenId(null);
        if (ids.length > 1) setSelecting(false);
      },
      onError: () => {
        toast('error', t('errors.deleteFailed'));
        setToDelete(null);
      },
    });
  };

  const changeTab = (next: HistoryTab) => {
    setSelected(new Set());
    update({ tab: next });
  };

  const clearFilters = () => {
    setSearchText('');
    update({ q: '', favorite: false });
  };

  const openIndex = openId ? items.findIndex((item) => item.id === openId) : -1;
  const openItem = openIndex >= 0 ? items[openIndex]! : null;
  const closeViewer = useCallback(() => setOpenId(null), []);
  const selectedItems = items.filter((item) => selected.has(item.id));

  return (
    <div className="content-page history">
      <PageHeader title={t('heading')} intro={t('intro')} />

      <HistoryToolbar
        tab={tab}
        onTabChange={changeTab}
        searchText={searchText}
        onSearchTextChange={setSearchText}
        favorite={favorite}
        onFavoriteChange={(value) => update({ favorite: value })}
        selecting={selecting}
        canSelect={items.length > 0}
        onSelectingChange={(value) => {
          setSelecting(value);
          setSelected(new Set());
        }}
      />

      <div id={`history-panel-${tab}`} role="tabpanel" aria-labelledby={`history-tab-${tab}`} tabIndex={-1}>
        <HistoryGrid
          tab={tab}
          filter={filter}
          list={list}
          items={items}
          locale={i18n.resolvedLanguage ?? locale}
          selecting={selecting}
          selected={selected}
          onOpen={(item) => setOpenId(item.id)}
          onToggleSelected={(id) => setSelected((current) => toggleSelected(current, id))}
          onToggleFavorite={onToggleFavorite}
          onDelete={(item) => setToDelete([item])}
          onClearFilters={clearFilters}
        />
      </div>

      {selecting ? (
        <SelectionBar
          count={selected.size}
          total={items.length}
          onSelectAll={() => setSelected(new Set(shownIds))}
          onClear={() => setSelected(new Set())}
          onDelete={() => setToDelete(selectedItems)}
          onDone={() => {
            setSelecting(false);
            setSelected(new Set());
          }}
        />
      ) : null}

      {openItem ? (
        <HistoryViewer
          item={openItem}
          previous={items[openIndex - 1] ?? null}
          next={items[openIndex + 1] ?? null}
          onNavigate={(item) => setOpenId(item.id)}
          onClose={closeViewer}
          onToggleFavorite={onToggleFavorite}
          onDelete={(item) => setToDelete([item])}
          onPublish={(item, image) => setPublishing({ item, image })}
          suspended={toDelete !== null || publishing !== null}
        />
      ) : null}

      {toDelete ? (
        <ConfirmDialog
          title={toDelete.length === 1 ? t('delete.titleOne') : t('delete.titleMany')}
          text={
            toDelete.length === 1 ? t('delete.textOne') : t('delete.textMany', { number: toDelete.length })
          }
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          busy={deleteItems.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      ) : null}

      {publishing ? (
        <Suspense fallback={null}>
          <PublishPostDialog
            item={publishing.item}
            initialImage={publishing.image}
            onClose={() => setPublishing(null)}
            onPublished={() => setPublishing(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
