import type { ReactNode } from 'react';
import './HomeSection.css';

type HomeSectionProps = {
  name: string;
  headingId: string;
  id?: string;
  /** A full-screen section that step scrolling stops at on wide screens. */
  step?: boolean;
  children: ReactNode;
};

export function HomeSection({ name, headingId, id, step = true, children }: HomeSectionProps) {
  return (
    <section
      id={id}
      className={`home-section home-${name}`}
      aria-labelledby={headingId}
      data-home-step={step ? '' : undefined}
    >
      <div className="home-section__inner">{children}</div>
    </section>
  );
}
