import { Link } from 'react-router';
import { leadPageText as text } from './lead-text';

/** A lead's page opened from another site's link: not shown until our own link is followed. */
export function LeadOpenedElsewhere({ leadId }: { leadId: string }) {
  return (
    <div className="console-page lead-page">
      <h1 className="console-page__title">{text.openTitle}</h1>
      <p>{text.openedElsewhere}</p>
      <p>
        <Link className="button button--primary" to={`/admin/leads/${encodeURIComponent(leadId)}`}>
          {text.open}
        </Link>
      </p>
    </div>
  );
}
