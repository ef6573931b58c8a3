/**
 * The server's log: one JSON object per line on stdout (pino), read by journald and by
 * `journalctl -o cat | jq`. LOG_LEVEL (default info; the server sets it from its config) is the threshold. Lines never carry
 * personal data: callers log ids, codes and counts, not names, numbers or query strings.
 */
import pino from 'pino';

export const log = pino(
  {
    level: 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Labels (`"level":"error"`) read better in jq filters than pino's numbers.
    formatters: { level: (label) => ({ level: label }) },
  },
  // Written off the request's path: a line per request written at once took a twentieth of a lead
  // POST's processor time under load; lines logged while a write is under way go out together with
  // the next one, and whatever is left is written before the process exits.
  pino.destination({ dest: 1, sync: false }),
);

/** An error as a log field: its message and code, without a stack (the cause is known; the lines stay short). */
export function errorField(error: unknown): { message: string; code?: string } {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return { message: typeof message === 'string' ? message : String(error), ...(typeof code === 'string' ? { code } : {}) };
}

/**
 * A rejection nothing handled is logged and counted, and the process goes on: a background job's
 * failure must not take the site down (each job handles its own; this is the net under them).
 */
export function logUnhandledRejections(count: () => void): void {
  process.on('unhandledRejection', (reason) => {
    count();
    log.error({ err: errorField(reason), stack: (reason as Error | undefined)?.stack }, 'unhandled rejection');
  });
}
