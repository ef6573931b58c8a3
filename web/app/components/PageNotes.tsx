import './PageNotes.css';
/** The numbered notes and disclaimers that close an informational page. */
export function PageNotes({ notes }: { notes?: string[] | null }) {
  if (!notes?.length) return null;
  return (
    <ul className="page-notes" aria-label="유의사항">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}
