import './LoadingDots.css';
/** Three orange dots that bounce in turn (still when the visitor prefers reduced motion). */
export function LoadingDots() {
  return (
    <span className="loading-dots" aria-hidden="true">
      <span className="loading-dots__dot" />
      <span className="loading-dots__dot" />
      <span className="loading-dots__dot" />
    </span>
  );
}

/** The placeholder of a plan or an interior that is not published yet. */
export function ComingSoon({ message }: { message: string }) {
  return (
    <div className="coming-soon">
      <LoadingDots />
      <p className="coming-soon__text">{message}</p>
    </div>
  );
}
