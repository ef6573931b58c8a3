/**
 * A daily job in the server itself (the retention purges of leads and of the audit trail): a
 * minute after start, then once a day, so an install with no cron (or one restarted daily by
 * deploys) still runs it. A failure is logged and the next day's run goes ahead. Returns the stop.
 */
import { errorField, log } from './observability/log';
import { metrics } from './observability/metrics';

const DAY_MS = 24 * 3600_000;

/**
 * Runs a job's `run` for one period (the day, counted from the epoch) or skips it (null): with
 * several instances, only the first to claim the period runs it (web/server/postgres/daily-jobs.ts).
 */
export type DailyJobGate = (job: string, period: number, run: () => Promise<string | null>) => Promise<string | null>;

export type DailyJobOptions = { intervalMs?: number; firstDelayMs?: number; gate?: DailyJobGate };

/** One instance: every run runs. */
const everyRun: DailyJobGate = (_job, _period, run) => run();

export function startDailyJob(
  label: string,
  job: () => Promise<string | null>,
  { intervalMs = DAY_MS, firstDelayMs = 60_000, gate = everyRun }: DailyJobOptions = {},
): () => void {
  let timer: NodeJS.Timeout;
  let stopped = false;
  const run = (delay: number) => {
    timer = setTimeout(() => {
      gate(label, Math.floor(Date.now() / intervalMs), job).then(
        (done) => done && log.info({ job: label }, `${label}: ${done}`),
        (error: unknown) => {
          metrics.backgroundFailures.inc({ job: label });
          log.error({ job: label, err: errorField(error) }, `${label}: failed; the next run goes ahead`);
        },
      );
      if (!stopped) run(intervalMs);
    }, delay);
    timer.unref();
  };
  run(firstDelayMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
