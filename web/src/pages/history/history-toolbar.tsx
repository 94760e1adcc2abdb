import { type KeyboardEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryTab } from '../../api/history.ts';
import {
  CheckIcon,
  CloseIcon,
  ImageIcon,
  SearchIcon,
  StarIcon,
  UpscaleIcon,
} from '../../components/icons.tsx';
import { HISTORY_TABS } from './history-model.ts';

interface HistoryToolbarProps {
  tab: HistoryTab;
  onTabChange: (tab: HistoryTab) => void;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  favorite: boolean;
  onFavoriteChange: (favorite: boolean) => void;
  selecting: boolean;
  canSelect: boolean;
  onSelectingChange: (selecting: boolean) => void;
}

export function HistoryToolbar({
  tab,
  onTabChange,
  searchText,
  onSearchTextChange,
  favorite,
  onFavoriteChange,
  selecting,
  canSelect,
  onSelectingChange,
}: HistoryToolbarProps) {
  const { t } = useTranslation('history');
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  // Arrow keys move between the tabs (and select them), Home and End jump to the ends: the ARIA tabs pattern.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = HISTORY_TABS.indexOf(tab);
    const rtl = document.documentElement.dir === 'rtl';
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = index + (rtl ? -1 : 1);
    if (event.key === 'ArrowLeft') next = index + (rtl ? 1 : -1);
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = HISTORY_TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const target = HISTORY_TABS[(next + HISTORY_TABS.length) % HISTORY_TABS.length]!;
    onTabChange(target);
    tabRefs.current[target]?.focus();
  };

  return (
    <div className="history-toolbar">
      <div className="history-tabs" role="tablist" aria-label={t('tabs.label')}>
        {HISTORY_TABS.map((value) => (
          <button
            key={value}
            ref={(element) => {
              tabRefs.current[value] = element;
            }}
            id={`history-tab-${value}`}
            type="button"
            role="tab"
            className="history-tabs__tab"
            aria-selected={tab === value}
            aria-controls={tab === value ? `history-panel-${value}` : undefined}
            tabIndex={tab === value ? 0 : -1}
            onClick={() => onTabChange(value)}
            onKeyDown={onTabKeyDown}
          >
            {value === 'generated' ? (
              <ImageIcon width={18} height={18} />
            ) : (
              <UpscaleIcon width={18} height={18} />
            )}
            {t(`tabs.${value}`)}
          </button>
        ))}
      </div>

      <div className="history-filters">
        <div className="history-search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('search.label')}
          </label>
          <SearchIcon className="history-search__icon" width={18} height={18} />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            className="text-input history-search__input"
            placeholder={t('search.placeholder')}
            value={searchText}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => onSearchTextChange(event.target.value)}
          />
          {searchText ? (
            <button
              type="button"
              className="history-search__clear"
              aria-label={t('search.clear')}
              onClick={() => {
                onSearchTextChange('');
                searchRef.current?.focus();
              }}
            >
              <CloseIcon width={16} height={16} />
            </button>
          ) : null}
        </div>
        <button
          type="button"
          className={favorite ? 'button history-toggle history-toggle--on' : 'button history-toggle'}
          aria-pressed={favorite}
          onClick={() => onFavoriteChange(!favorite)}
        >
          <StarIcon filled={favorite} width={18} height={18} />
          {t('filters.favorites')}
        </button>
        <button
          type="button"
          className={selecting ? 'button history-toggle history-toggle--on' : 'button history-toggle'}
          aria-pressed={selecting}
          disabled={!selecting && !canSelect}
          onClick={() => onSelectingChange(!selecting)}
        >
          <CheckIcon width={18} height={18} />
          {t('filters.select')}
        </button>
      </div>
    </div>
  );
}
