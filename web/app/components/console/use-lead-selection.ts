import { useState } from 'react';
import { BULK_ASSIGN_FORM_ID } from './BulkAssign';

/**
 * The ticked rows of the page shown; a new page, or an assignment's answer, starts with none
 * ticked. `untickedByAnswer`: the answer emptied the selection, which the count then does not
 * read out (the answer says what happened) until the next tick.
 */
export function useLeadSelection(rowIds: string[], answer: unknown) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [untickedByAnswer, setUntickedByAnswer] = useState(false);
  const shown = { rows: rowIds.join(','), answer };
  const [seen, setSeen] = useState(shown);
  if (seen.rows !== shown.rows || seen.answer !== shown.answer) {
    setSeen(shown);
    setSelected(new Set());
    setUntickedByAnswer(seen.answer !== shown.answer && shown.answer !== undefined);
  }
  const onChange = (ids: string[], ticked: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (ticked) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
    setUntickedByAnswer(false);
  };
  return { formId: BULK_ASSIGN_FORM_ID, selected, untickedByAnswer, onChange };
}
