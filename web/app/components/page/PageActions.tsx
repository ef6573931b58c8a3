import { Link } from 'react-router';
import type { PageDocument } from '../../lib/content-page';
import { isExternalHref } from '../../../shared/menu';
import { NewWindowNote } from '../NewWindowNote';
import { PdfLink } from './PdfLink';
import './PageActions.css';

const PDF_PATH = /^\/[^?#]*\.pdf$/i;

/** The page document's buttons: a PDF on this site opens in a new tab with a loading overlay. */
export function PageActions({ actions }: { actions: PageDocument['actions'] }) {
  const usable = (actions ?? []).filter((action) => action.href && action.label);
  if (!usable.length) return null;
  return (
    <div className="page-actions">
      {usable.map(({ _key, href, label, newTab }) => {
        const to = href ?? '';
        const text = label ?? '';
        if (PDF_PATH.test(to)) return <PdfLink key={_key} href={to} label={text} />;
        if (isExternalHref(to) || newTab) {
          return (
            <a key={_key} className="button button--primary page-actions__button" href={to} target="_blank" rel="noopener noreferrer">
              {text}
              <NewWindowNote />
            </a>
          );
        }
        return (
          <Link key={_key} className="button button--primary page-actions__button" to={to}>
            {text}
          </Link>
        );
      })}
    </div>
  );
}
