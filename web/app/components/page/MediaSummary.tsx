import './MediaSummary.css';
/** The text equivalent shown under a video or VR tour: an editor's summary, in paragraphs. */
export function MediaSummary({ heading, text }: { heading: string; text: string | null | undefined }) {
  const paragraphs = (text ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (!paragraphs.length) return null;
  return (
    <section className="media-summary">
      <h2 className="media-summary__title">{heading}</h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="media-summary__text">
          {paragraph}
        </p>
      ))}
    </section>
  );
}
