import { useEffect, useRef, useState, type ReactNode } from 'react';
import './Reveal.css';

/**
 * How far into the viewport (px from its bottom edge) content must come before it fades in. The
 * footer below every page is taller than this, so the last image of a page still gets there.
 */
const REVEAL_OFFSET_PX = 200;

type RevealProps = {
  /** Images with width and height (SanityImage), so their box is reserved before they load. */
  children: ReactNode;
  className?: string;
};

/**
 * Fades its content in once the visitor has scrolled 200px into it. Only opacity changes, so the
 * box keeps its size and nothing shifts. The server HTML and visitors without JavaScript (or who
 * prefer reduced motion) get the content as is; content already on screen at load never blinks.
 */
export function Reveal({ children, className }: RevealProps) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'static' | 'waiting' | 'shown'>('static');

  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    setState('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setState('shown');
        observer.disconnect();
      },
      { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const classes = ['reveal'];
  if (state !== 'static') classes.push(`reveal--${state}`);
  if (className) classes.push(className);
  return (
    <div ref={box} className={classes.join(' ')}>
      {children}
    </div>
  );
}
