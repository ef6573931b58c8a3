import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import { STAFF_SESSION_PATH, type StaffSessionStatus } from '../../../shared/staff-session';
import { forgetKeptDrafts } from '../../lib/kept-draft';
import { seoulTime } from './console-page';
import { consoleText } from './console-text';
import './SessionWarning.css';

const text = consoleText.session;

/** The warning comes this long before the session ends: at least 2 minutes, whatever the network. */
export const SESSION_WARNING_MS = 3 * 60 * 1000;
/** A failed look at the clock is tried again after this long. */
const RETRY_MS = 30 * 1000;

type Phase = 'active' | 'warning' | 'ended';
type Clock = { phase: Phase; endsAt: number };

type ClockAnswer = { ok: boolean; status: number; remainingMs: number; askedAt: number };

/**
 * The end is reckoned from when the question was sent, not when the answer came: a slow answer
 * then makes the warning early, never late.
 */
function clockOf({ remainingMs, askedAt }: ClockAnswer): Clock {
  const endsAt = askedAt + Math.max(0, remainingMs);
  const left = endsAt - Date.now();
  const phase = left <= 0 ? 'ended' : left <= SESSION_WARNING_MS ? 'warning' : 'active';
  return { phase, endsAt };
}

async function askClock(method: 'GET' | 'POST'): Promise<ClockAnswer> {
  const askedAt = Date.now();
  const response = await fetch(STAFF_SESSION_PATH, { method, cache: 'no-store', credentials: 'same-origin', headers: { accept: 'application/json' } });
  const body = (await response.json().catch(() => ({}))) as Partial<StaffSessionStatus>;
  return { ok: response.ok, status: response.status, remainingMs: typeof body.remainingMs === 'number' ? body.remainingMs : 0, askedAt };
}

/**
 * Warns before the staff session ends for want of activity (KWCAG 2.2.1): a modal alert dialog
 * 3 minutes before, whose "계속 사용" renews the session; when it has ended, says so, and that what
 * was being typed is kept for after the sign-in (kept-draft.ts). The server's clock decides: the
 * time left is asked on every page and again whenever a warning or the end is due (another tab
 * may have renewed the session meanwhile).
 */
export function SessionWarning() {
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [clock, setClock] = useState<Clock | null>(null);
  const [dismissed, setDismissed] = useState<Phase | null>(null);
  const [failed, setFailed] = useState(false);
  const [asks, setAsks] = useState(0);

  const apply = useCallback((answer: ClockAnswer) => {
    const next = clockOf(answer);
    setClock(next);
    if (next.phase === 'active') {
      setDismissed(null);
      setFailed(false);
    }
  }, []);

  useEffect(() => {
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    askClock('GET')
      .then((answer) => current && apply(answer))
      .catch(() => {
        if (current) retry = setTimeout(() => setAsks((count) => count + 1), RETRY_MS);
      });
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [location.key, asks, apply]);

  useEffect(() => {
    if (!clock || clock.phase === 'ended') return;
    const due = clock.phase === 'active' ? clock.endsAt - SESSION_WARNING_MS : clock.endsAt;
    const timer = setTimeout(() => setAsks((count) => count + 1), Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [clock]);

  const phase = clock?.phase ?? 'active';
  const open = phase !== 'active' && dismissed !== phase;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
    if (open) primary.current?.focus();
  }, [open, phase]);

  const extend = async () => {
    try {
      const answer = await askClock('POST');
      if (answer.ok || answer.status === 401) apply(answer);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  };

  const minutesLeft = clock ? Math.max(1, Math.round((clock.endsAt - Date.now()) / 60_000)) : 0;
  return (
    <dialog
      ref={dialog}
      className="session-warning"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape closes it (the session is not renewed; the end is still said when it comes).
        event.preventDefault();
        setDismissed(phase);
      }}
    >
      <h2 id={titleId} className="session-warning__title">
        {phase === 'ended' ? text.endedTitle : text.warningTitle}
      </h2>
      <p id={bodyId}>{phase === 'ended' ? text.ended : clock ? text.warning(seoulTime(new Date(clock.endsAt).toISOString()), minutesLeft) : null}</p>
      {failed ? (
        <p className="console-alert console-alert--error" role="alert">
          {text.extendFailed}
        </p>
      ) : null}
      <div className="session-warning__actions">
        {phase === 'ended' ? (
          <>
            <button
              ref={primary}
              type="button"
              className="button button--primary"
              onClick={() => {
                setDismissed('ended');
                void navigate(`/admin?next=${encodeURIComponent(location.pathname + location.search)}`);
              }}
            >
              {text.signInAgain}
            </button>
            <button type="button" className="button button--outline" onClick={() => setDismissed('ended')}>
              {text.close}
            </button>
          </>
        ) : (
          <>
            <button ref={primary} type="button" className="button button--primary" onClick={() => void extend()}>
              {text.continue}
            </button>
            <Form method="post" action="/admin" onSubmit={forgetKeptDrafts}>
              <input type="hidden" name="intent" value="logout" />
              <button type="submit" className="button button--outline">
                {consoleText.signOut}
              </button>
            </Form>
          </>
        )}
      </div>
    </dialog>
  );
}
