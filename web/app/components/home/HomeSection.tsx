import type { ReactNode } from 'react';
import './HomeSection.css';

type HomeSectionProps = {
  name: string;
  /** The section's h2 (rendered even when the dataset leaves it empty, so the label resolves). */
  title?: ReactNode;
  /** The section places its h2 itself, with the id `homeHeadingId(name)`. */
  ownHeading?: boolean;
  id?: string;
  /** A full-screen section that step scrolling stops at on wide screens. */
  step?: boolean;
  children: ReactNode;
};

/** The id of a home section's h2, which names the section for screen readers. */
export function homeHeadingId(name: string): string {
  return `home-${name}-title`;
}

export function HomeSection({ name, title, ownHeading = false, id, step = true, children }: HomeSectionProps) {
  const headingId = homeHeadingId(name);
  return (
    <section id={id} className={`home-section home-${name}`} aria-labelledby={headingId} data-home-step={step ? '' : undefined}>
      <div className="home-section__inner">
        {ownHeading ? null : (
          <h2 id={headingId} className="home-section__title">
            {title}
          </h2>
        )}
        {children}
      </div>
    </section>
  );
}
