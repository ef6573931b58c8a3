import type { PageSection } from '../../lib/content-page';
import { PageNotes } from '../PageNotes';
import { Figure } from './Figure';
import { InfoTable } from './InfoTable';
import { RichText } from './RichText';
import { VideoFacade } from './VideoFacade';
import './PageSections.css';

/** The body sections of a page document: heading, text, table, image or video, notes. */
export function PageSections({ sections }: { sections: PageSection[] | null | undefined }) {
  if (!sections?.length) return null;
  return (
    <>
      {sections.map((section) => {
        const headingId = `section-${section._key}`;
        const heading = section.heading ?? '';
        return (
          <section key={section._key} className="page-section" aria-labelledby={headingId}>
            <h2 id={headingId} className="page-section__heading">
              {heading}
            </h2>
            <RichText value={section.body} />
            <InfoTable table={section.table} caption={heading} />
            <Figure image={section.image} />
            {section.videoId ? <VideoFacade videoId={section.videoId} title={heading} /> : null}
            <PageNotes notes={section.notes} />
          </section>
        );
      })}
    </>
  );
}
