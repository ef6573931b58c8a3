import { useEffect, useRef, type ReactNode } from 'react';
import './ConsoleOutcome.css';

type ConsoleOutcomeProps = {
  id?: string;
  tone: 'success' | 'error';
  /** Changes with every answer, so that a second identical answer still takes focus. */
  answer: object;
  children: ReactNode;
};

/**
 * What a post did, announced (a status, or an alert when it failed) and focused, so a keyboard
 * or screen-reader user continues from the outcome. `autoFocus` does it for a page rendered by
 * the server (a post without JavaScript); the effect after a post made by the router.
 */
export function ConsoleOutcome({ id, tone, answer, children }: ConsoleOutcomeProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [answer]);
  return (
    <div ref={ref} id={id} className={`console-outcome console-outcome--${tone}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1} autoFocus>
      {children}
    </div>
  );
}
