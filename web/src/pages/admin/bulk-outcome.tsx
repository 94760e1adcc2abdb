// What a bulk action did, item by item: how many were done, and for each that was not, which one and why
// (the same sentence a single action would have shown). It stays until the admin closes it.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BulkResult } from '../../api/admin-moderation.ts';
import { AlertIcon, CheckIcon, CloseIcon } from '../../components/icons.tsx';
import { bulkErrorText } from './admin-errors.ts';

export type BulkVerb = 'approved' | 'rejected' | 'hidden' | 'restored';

export interface BulkOutcomeState {
  verb: BulkVerb;
  results: BulkResult[];
  /** The item's title as the page shows it. */
  titleOf: (id: string) => string;
}

/** "3 of 4 taken down." */
export function bulkSummary(t: TFunction<'admin'>, verb: BulkVerb, results: BulkResult[]): string {
  const done = results.filter((result) => result.ok).length;
  return t(`bulk.${verb}`, { done, total: results.length, count: results.length });
}

export function BulkOutcome({ outcome, onClose }: { outcome: BulkOutcomeState; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const failed = outcome.results.filter((result) => !result.ok);
  return (
    <section
      className={failed.length > 0 ? 'mod-outcome mod-outcome--partial' : 'mod-outcome'}
      role="status"
      aria-label={t('bulk.outcomeLabel')}
      data-testid="bulk-outcome"
    >
      <div className="mod-outcome__head">
        {failed.length > 0 ? <AlertIcon /> : <CheckIcon />}
        <p>{bulkSummary(t, outcome.verb, outcome.results)}</p>
        <button
          type="button"
          className="button button--small button--ghost mod-outcome__close"
          aria-label={t('bulk.close')}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      {failed.length > 0 ? (
        <>
          <p className="mod-outcome__failed">{t('bulk.failed', { count: failed.length })}</p>
          <ul className="mod-outcome__list">
            {failed.map((result) => {
              const reason = bulkErrorText(result.error, result.message);
              return (
                <li key={result.id}>
                  <bdi>{outcome.titleOf(result.id)}</bdi>: {'key' in reason ? t(reason.key) : reason.text}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
