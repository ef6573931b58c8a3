import type { ReactNode } from 'react';
import { seoulDateTime } from '../../../shared/seoul-time';

export type LeadHistoryEntry = { key: string; who: ReactNode; at: string; body: ReactNode };

/**
 * One of a lead's histories (memos, calls, messages): a headed list, newest first, each entry
 * saying who or what, when, and what; or a sentence saying there is none.
 */
export function LeadHistory({ id, heading, empty, entries }: { id: string; heading: string; empty: string; entries: LeadHistoryEntry[] }) {
  const headingId = `${id}-heading`;
  return (
    <section className="lead-work__section lead-memos" aria-labelledby={headingId}>
      <h2 id={headingId} className="lead-work__heading">
        {heading}
      </h2>
      {entries.length === 0 ? (
        <p className="lead-memos__empty">{empty}</p>
      ) : (
        <ol className="lead-memos__list" reversed>
          {[...entries].reverse().map((entry) => (
            <li key={entry.key} className="lead-memos__item">
              <p className="lead-memos__meta">
                <strong>{entry.who}</strong> <time dateTime={entry.at}>{seoulDateTime(entry.at)}</time>
              </p>
              <p className="lead-memos__text">{entry.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
