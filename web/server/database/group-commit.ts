/**
 * Group commit: the units of work that wait while a transaction commits share the next one. A
 * form's registration is durable (SQLite synchronous=FULL, PostgreSQL fsync) only when its commit
 * has reached the disk: one flush for many registrations instead of one each. A unit that throws
 * leaves the others' work to commit without its own, and its caller hears of it after their
 * commit; a failed commit fails every unit of it.
 *
 * A group runs its units one after the other in one transaction; when one throws, the group is
 * run again with each unit inside a savepoint of its own, which then takes the failing one's work
 * back alone. Savepoints cost two more round trips per unit on PostgreSQL, and units rarely throw
 * (a retried form, a full slot).
 *
 * So a unit may run more than once — also when PostgreSQL ends a group to break a deadlock (two
 * groups waiting for each other's rows) — and does nothing but its queries.
 */
import type { Kysely, Transaction } from 'kysely';

type Unit<Tables> = {
  work: (trx: Transaction<Tables>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

/** How many units one transaction takes at most: their locks are held until it commits. */
const MAX_UNITS_PER_COMMIT = 64;
const SAVEPOINT = 'unit';
/** A group ended by PostgreSQL to break a deadlock or a serialization conflict is tried this often. */
const MAX_ATTEMPTS = 3;
const RETRIED_SQLSTATES = new Set(['40P01', '40001']);
const endsTheTransaction = (error: unknown) => RETRIED_SQLSTATES.has((error as { code?: unknown }).code as string);

export type GroupCommit<Tables> = <T>(work: (trx: Transaction<Tables>) => Promise<T>) => Promise<T>;

/**
 * `concurrency` groups commit at once: 1 on SQLite (one writer), a few on PostgreSQL, where the
 * server flushes the commits that arrive together at once too.
 */
export function groupCommit<Tables>(db: Kysely<Tables>, options: { concurrency: number }): GroupCommit<Tables> {
  const waiting: Array<Unit<Tables>> = [];
  let committing = 0;

  async function commitWaiting(): Promise<void> {
    committing += 1;
    while (waiting.length > 0) {
      // One turn of the event loop first: the requests read meanwhile (a SQLite commit holds the
      // loop while it flushes) and the units the last commit's callers send next join this group.
      await new Promise((resolve) => setImmediate(resolve));
      const group = waiting.splice(0, MAX_UNITS_PER_COMMIT);
      if (group.length > 0) await commitGroup(db, group);
    }
    committing -= 1;
  }

  return <T>(work: (trx: Transaction<Tables>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (committing < options.concurrency) void commitWaiting();
    });
}

/** A unit threw in a group run without savepoints: the group runs again with them. */
class UnitFailed extends Error {}

async function commitGroup<Tables>(db: Kysely<Tables>, group: Array<Unit<Tables>>): Promise<void> {
  let savepoints = false;
  let ended = 0;
  for (;;) {
    try {
      const settled = await runGroup(db, group, savepoints);
      group.forEach((unit, index) => {
        const outcome = settled[index]!;
        if (outcome.ok) unit.resolve(outcome.value);
        else unit.reject(outcome.error);
      });
      return;
    } catch (error) {
      if (error instanceof UnitFailed) {
        savepoints = true;
        continue;
      }
      if (endsTheTransaction(error) && ++ended < MAX_ATTEMPTS) continue;
      for (const unit of group) unit.reject(error);
      return;
    }
  }
}

/** One transaction for the group; throws when it does not commit, or (without savepoints) when a unit throws. */
async function runGroup<Tables>(db: Kysely<Tables>, group: Array<Unit<Tables>>, savepoints: boolean): Promise<Settled[]> {
  // Alone, a unit needs no savepoint: its failure is the transaction's.
  if (group.length === 1) {
    try {
      return [{ ok: true, value: await db.transaction().execute(group[0]!.work) }];
    } catch (error) {
      if (endsTheTransaction(error)) throw error;
      return [{ ok: false, error }];
    }
  }
  const trx = await db.startTransaction().execute();
  try {
    const settled: Settled[] = [];
    for (const unit of group) {
      if (!savepoints) {
        try {
          settled.push({ ok: true, value: await unit.work(trx) });
        } catch (error) {
          throw endsTheTransaction(error) ? error : new UnitFailed();
        }
        continue;
      }
      const inSavepoint = await trx.savepoint(SAVEPOINT).execute();
      try {
        const value = await unit.work(inSavepoint);
        await inSavepoint.releaseSavepoint(SAVEPOINT).execute();
        settled.push({ ok: true, value });
      } catch (error) {
        // The whole transaction is over (a deadlock ended it): the group is tried again.
        if (endsTheTransaction(error)) throw error;
        await inSavepoint.rollbackToSavepoint(SAVEPOINT).execute();
        await inSavepoint.releaseSavepoint(SAVEPOINT).execute();
        settled.push({ ok: false, error });
      }
    }
    await trx.commit().execute();
    return settled;
  } catch (error) {
    await trx.rollback().execute().catch(() => undefined);
    throw error;
  }
}
