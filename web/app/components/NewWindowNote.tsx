import { shellLabels } from '../../shared/messages';

/** Tells screen-reader users, inside a link's name, that the link opens a new window: " (새 창)". */
export function NewWindowNote() {
  return <span className="visually-hidden"> ({shellLabels.newTab})</span>;
}
