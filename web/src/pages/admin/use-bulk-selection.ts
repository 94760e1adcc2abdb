// The cards chosen for a bulk decision. Only ids still listed count: a decided card leaves the list, and
// the selection with it. At most BULK_MAX, the most one request takes.
import { useState } from 'react';
import { BULK_MAX, type BulkResult } from '../../api/admin-moderation.ts';

export function useBulkSelection(listed: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = listed.filter((id) => selected.has(id));
  const selectable = listed.slice(0, BULK_MAX);
  const allChosen = selectable.length > 0 && selectable.every((id) => selected.has(id));

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on && next.size < BULK_MAX) next.add(id);
      else next.delete(id);
      return next;
    });

  const selectAll = (on: boolean) => setSelected(on ? new Set(selectable) : new Set());

  /** Done items leave the selection; the ones that failed stay selected to try again. */
  const dropDone = (results: readonly BulkResult[]) => {
    const done = new Set(results.filter((result) => result.ok).map((result) => result.id));
    setSelected((current) => new Set([...current].filter((id) => !done.has(id))));
  };

  return {
    chosen,
    allChosen,
    isSelected: (id: string) => selected.has(id),
    toggle,
    selectAll,
    dropDone,
    clear: () => setSelected(new Set()),
  };
}
