/**
 * Start-up work that needs the database (the environment's admin account): run now, or — the
 * database not reachable yet — again every RETRY_MS in the background until it succeeds, so the
 * instance starts and serves pages meanwhile.
 */
import { isConnectionError } from '../observability/dependency-state';
import { errorField, log } from '../observability/log';
import { ContentUnavailableError } from './types';

/** The store did not answer: the document store says so in its own error, a table's driver by a connection error. */
export function isStoreUnavailable(error: unknown): boolean {
  return error instanceof ContentUnavailableError || isConnectionError(error);
}

const RETRY_MS = 1_000;

export async function nowOrWhenAvailable(label: string, task: () => Promise<void>, retryMs = RETRY_MS): Promise<void> {
  try {
    await task();
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    log.warn({ job: label, err: errorField(error) }, `${label}: the leads store is unavailable; trying again until it is back`);
    retryLater(label, task, retryMs);
  }
}

function retryLater(label: string, task: () => Promise<void>, retryMs: number): void {
  setTimeout(() => {
    task().then(
      () => log.info({ job: label }, `${label}: done`),
      (error: unknown) => {
        if (isStoreUnavailable(error)) retryLater(label, task, retryMs);
        else log.error({ job: label, err: errorField(error) }, `${label}: failed`);
      },
    );
  }, retryMs).unref();
}
