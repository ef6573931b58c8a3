/**
 * Each daily job runs once a day across all instances: the one that gets a job's advisory lock
 * (`pg_try_advisory_xact_lock`; the others skip at once instead of queueing) claims the day in
 * `daily_job_runs` and runs the job inside that transaction. A job that fails rolls its claim back,
 * so another instance's run of the same day tries again.
 */
import type pg from 'pg';
import type { DailyJobGate } from '../daily-timer';

export function oncePerPeriod(pool: pg.Pool): DailyJobGate {
  return async (job, period, run) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock(hashtext('daily-job:' || $1)) AS locked", [job]);
      const claimed =
        rows[0].locked &&
        (
          await client.query(
            `INSERT INTO daily_job_runs (job, period) VALUES ($1, $2)
             ON CONFLICT (job) DO UPDATE SET period = EXCLUDED.period, ran_at = now() WHERE daily_job_runs.period < EXCLUDED.period`,
            [job, period],
          )
        ).rowCount === 1;
      if (!claimed) {
        await client.query('ROLLBACK');
        return null;
      }
      const done = await run();
      await client.query('COMMIT');
      return done;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}
