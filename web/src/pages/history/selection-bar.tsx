import { useTranslation } from 'react-i18next';
import { TrashIcon } from '../../components/icons.tsx';

interface SelectionBarProps {
  count: number;
  /** How many items are loaded (what "select all" takes). */
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
  onDelete: () => void;
  onDone: () => void;
}

/** Stays at the bottom of the window while choosing images to delete together. */
export function SelectionBar({ count, total, onSelectAll, onClear, onDelete, onDone }: SelectionBarProps) {
  const { t } = useTranslation('history');
  return (
    <section className="selection-bar" aria-label={t('selection.label')}>
      <p className="selection-bar__count" role="status">
        {t('selection.count', { number: count })}
      </p>
      <div className="selection-bar__actions">
        {count < total ? (
          <button type="button" className="button button--small" onClick={onSelectAll}>
            {t('selection.selectAll')}
          </button>
        ) : (
          <button type="button" className="button button--small" onClick={onClear}>
            {t('selection.clear')}
          </button>
        )}
        <button
          type="button"
          className="button button--small button--danger"
          disabled={count === 0}
          onClick={onDelete}
        >
          <TrashIcon width={16} height={16} />
          {t('selection.delete')}
        </button>
        <button type="button" className="button button--small" onClick={onDone}>
          {t('selection.done')}
        </button>
      </div>
    </section>
  );
}
