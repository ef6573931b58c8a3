/**
 * Each daily job runs once a day across all instances: the one that gets a job's advisory lock
 * (`pg_try_advisory_xact_lock`; the others skip at once instead of queueing) claims the day in
 * `daily_job_runs` and runs the job inside that transaction. A job that fails rolls its claim back,
 * so another instance's run of the same day tries again.
 */
import type pg from 'pg';
import type { DailyJobGate } from '../daily-timer';
import { inTransaction } from './transaction';

export function oncePerPeriod(pool: pg.Pool): DailyJobGate {
  return (job, period, run) =>
    inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock(hashtext('daily-job:' || $1)) AS locked", [job]);
      if (!rows[0].locked) return null;
      const claimed = await client.query(
        `INSERT INTO daily_job_runs (job, period) VALUES ($1, $2)
         ON CONFLICT (job) DO UPDATE SET period = EXCLUDED.period, ran_at = now() WHERE daily_job_runs.period < EXCLUDED.period`,
        [job, period],
      );
      return claimed.rowCount === 1 ? run() : null;
    });
}
