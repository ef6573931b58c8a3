/**
 * Group commit: the units of work that wait while a transaction commits share the next one. A
 * form's registration is durable (SQLite synchronous=FULL, PostgreSQL fsync) only when its commit
 * has reached the disk: one flush for many registrations instead of one each. A unit that throws
 * leaves the others' work to commit without its own, and its caller hears of it after their
 * commit; a failed commit fails every unit of it.
 *
 * A group runs its units side by side in one transaction; when one throws, the group is run again
 * with the units one after the other, each inside a savepoint of its own, which then takes the
 * failing one's work back alone. Savepoints cost two more round trips per unit on PostgreSQL, and
 * units rarely throw (a retried form, a full slot).
 *
 * So a unit may run more than once — also when PostgreSQL ends a group to break a deadlock (two
 * groups waiting for each other's rows) — and does nothing but its queries.
 *
 * Counters every unit adds to (the day's tallies) are summed over the group and written once, just
 * before the commit: one statement per table instead of one per unit, and the counter rows, which
 * every group touches, are locked for the commit only. Each group running at once writes a shard of
 * its own (its lane); readers add the shards up.
 *
 * The rows each unit writes of its own (a customer, a registration, its messages) go to the
 * database as one multi-row statement per table too (GroupStatements, group-statements.ts). The
 * units of one key (a phone) run one after the other, in the order they were sent, each seeing
 * what the one before wrote.
 */
import { randomInt } from 'node:crypto';
import type { ControlledTransaction, Kysely, RawBuilder, Transaction } from 'kysely';
import { GroupStatements } from './group-statements';

/** How many rows PostgreSQL spreads one counter's writes over (SQLite, one writer, uses one). */
export const POSTGRES_COUNTER_SHARDS = 16;

/** A counter row: what it is keyed by (`fields`, in one text `key`) and the amounts to add. */
export type CounterRow = { key: string; fields: Record<string, string>; counts: Record<string, number> };

/**
 * Adds rows to one counter table; `shard` is the group's lane, or an expression of the connection
 * for a write outside a group. Writers run in the order of their names, and each writes its rows in
 * the keys' order: groups that lock the same rows lock them in one order and never wait in a circle.
 */
export type CounterWriter<Tables> = {
  name: string;
  write: (trx: Transaction<Tables>, shard: number | RawBuilder<number>, rows: CounterRow[]) => Promise<void>;
};

/** The counter amounts a unit (and then its group) adds, summed per writer and key. */
export class GroupCounters<Tables> {
  private readonly rows = new Map<CounterWriter<Tables>, Map<string, CounterRow>>();

  add(writer: CounterWriter<Tables>, rows: readonly CounterRow[]): void {
    const byKey = this.rows.get(writer) ?? new Map<string, CounterRow>();
    this.rows.set(writer, byKey);
    for (const row of rows) {
      const held = byKey.get(row.key);
      if (!held) {
        byKey.set(row.key, { ...row, counts: { ...row.counts } });
        continue;
      }
      for (const [name, count] of Object.entries(row.counts)) held.counts[name] = (held.counts[name] ?? 0) + count;
    }
  }

  /** Takes in a unit's amounts once the unit has succeeded. */
  merge(unit: GroupCounters<Tables>): void {
    for (const [writer, byKey] of unit.rows) this.add(writer, [...byKey.values()]);
  }

  async write(trx: Transaction<Tables>, shard: number | RawBuilder<number>): Promise<void> {
    for (const [writer, byKey] of [...this.rows].sort(([a], [b]) => (a.name < b.name ? -1 : 1))) {
      const rows = [...byKey.values()].filter((row) => Object.values(row.counts).some((count) => count !== 0)).sort((a, b) => (a.key < b.key ? -1 : 1));
      if (rows.length > 0) await writer.write(trx, shard, rows);
    }
  }
}

type Work<Tables, T = unknown> = (trx: Transaction<Tables>, counters: GroupCounters<Tables>, statements: GroupStatements<Tables>) => Promise<T>;

type Unit<Tables> = {
  work: Work<Tables>;
  /** Units of one key run one after the other. */
  key: string | undefined;
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

/** `key`: what the unit's work is about (a phone); the units of one key in a group run one after the other. */
export type GroupCommit<Tables> = <T>(work: Work<Tables, T>, options?: { key?: string }) => Promise<T>;

/**
 * `concurrency` groups commit at once: 1 on SQLite (one writer), a few on PostgreSQL, where the
 * server flushes the commits that arrive together at once too. `shards`: how many counter shards
 * the database has; the lanes of one instance take shards in a row from a random start, so that
 * instances sharing the database seldom write the same ones.
 */
export function groupCommit<Tables>(db: Kysely<Tables>, options: { concurrency: number; shards: number }): GroupCommit<Tables> {
  const waiting: Array<Unit<Tables>> = [];
  const firstShard = randomInt(options.shards);
  const freeLanes = Array.from({ length: options.concurrency }, (_, lane) => lane);

  async function commitWaiting(lane: number): Promise<void> {
    const shard = (firstShard + lane) % options.shards;
    while (waiting.length > 0) {
      // One turn of the event loop first: the requests read meanwhile (a SQLite commit holds the
      // loop while it flushes) and the units the last commit's callers send next join this group.
      await new Promise((resolve) => setImmediate(resolve));
      const group = waiting.splice(0, MAX_UNITS_PER_COMMIT);
      if (group.length > 0) await commitGroup(db, group, shard);
    }
    freeLanes.push(lane);
  }

  return <T>(work: Work<Tables, T>, options?: { key?: string }) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ work, key: options?.key, resolve: resolve as (value: unknown) => void, reject });
      const lane = freeLanes.pop();
      if (lane !== undefined) void commitWaiting(lane);
    });
}

/** A unit threw in a group run without savepoints: the group runs again with them. */
class UnitFailed extends Error {}

async function commitGroup<Tables>(db: Kysely<Tables>, group: Array<Unit<Tables>>, shard: number): Promise<void> {
  let savepoints = false;
  let ended = 0;
  for (;;) {
    try {
      const settled = await runGroup(db, group, savepoints, shard);
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
async function runGroup<Tables>(db: Kysely<Tables>, group: Array<Unit<Tables>>, savepoints: boolean, shard: number): Promise<Settled[]> {
  // Alone, a unit needs no savepoint: its failure is the transaction's.
  if (group.length === 1) {
    try {
      const value = await db.transaction().execute(async (trx) => {
        const counters = new GroupCounters<Tables>();
        const done = await group[0]!.work(trx, counters, new GroupStatements(trx));
        await counters.write(trx, shard);
        return done;
      });
      return [{ ok: true, value }];
    } catch (error) {
      if (endsTheTransaction(error)) throw error;
      return [{ ok: false, error }];
    }
  }
  const trx = await db.startTransaction().execute();
  try {
    const { settled, counters } = savepoints ? await runEachInSavepoint(trx, group) : await runSideBySide(trx, group);
    await counters.write(trx, shard);
    await trx.commit().execute();
    return settled;
  } catch (error) {
    await trx
      .rollback()
      .execute()
      .catch(() => undefined);
    throw error;
  }
}

type GroupRun<Tables> = { settled: Settled[]; counters: GroupCounters<Tables> };

/** The units at once, their rows written together; throws when one throws, once all have settled. */
async function runSideBySide<Tables>(trx: Transaction<Tables>, group: Array<Unit<Tables>>): Promise<GroupRun<Tables>> {
  const statements = new GroupStatements(trx);
  const lastOfKey = new Map<string, Promise<unknown>>();
  const runs = group.map((unit) => {
    const counters = new GroupCounters<Tables>();
    const start = () => unit.work(trx, counters, statements);
    const before = unit.key === undefined ? undefined : lastOfKey.get(unit.key);
    const run = before ? before.then(start, start) : start();
    if (unit.key !== undefined) lastOfKey.set(unit.key, run);
    return run.then((value) => ({ value, counters }));
  });
  const outcomes = await Promise.allSettled(runs);
  const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
  // On PostgreSQL the units after a failed statement fail too (the transaction is aborted): a
  // deadlock, if a unit met one, is what ended the group.
  if (failures.length > 0) throw failures.find(endsTheTransaction) ?? new UnitFailed();
  const counters = new GroupCounters<Tables>();
  const settled = outcomes.map((outcome): Settled => {
    const done = (outcome as PromiseFulfilledResult<{ value: unknown; counters: GroupCounters<Tables> }>).value;
    counters.merge(done.counters);
    return { ok: true, value: done.value };
  });
  return { settled, counters };
}

/** The units one after the other, each in a savepoint that takes a failing one's work back alone. */
async function runEachInSavepoint<Tables>(trx: ControlledTransaction<Tables>, group: Array<Unit<Tables>>): Promise<GroupRun<Tables>> {
  const settled: Settled[] = [];
  const counters = new GroupCounters<Tables>();
  for (const unit of group) {
    const unitCounters = new GroupCounters<Tables>();
    const inSavepoint = await trx.savepoint(SAVEPOINT).execute();
    try {
      const value = await unit.work(inSavepoint, unitCounters, new GroupStatements(inSavepoint));
      await inSavepoint.releaseSavepoint(SAVEPOINT).execute();
      settled.push({ ok: true, value });
      counters.merge(unitCounters);
    } catch (error) {
      // The whole transaction is over (a deadlock ended it): the group is tried again.
      if (endsTheTransaction(error)) throw error;
      await inSavepoint.rollbackToSavepoint(SAVEPOINT).execute();
      await inSavepoint.releaseSavepoint(SAVEPOINT).execute();
      settled.push({ ok: false, error });
    }
  }
  return { settled, counters };
}
