/**
 * Batched statements of a group commit (group-commit.ts): the rows each unit writes of its own (a
 * customer, a registration, its messages) go to the database as one multi-row statement per table
 * (GroupStatements): the rows the units have sent once each waits on the database are written
 * together, each unit hearing its own row's result. A PostgreSQL server spends about as much on
 * receiving, planning and answering a statement as on the row it writes.
 *
 * Apart from the group commit itself: this is what a unit's work writes through, knowing nothing of
 * groups, lanes or savepoints; a group gives each run of its units one of these.
 */
import type { Transaction } from 'kysely';

/**
 * A write many units make with a row each (an insert, an upsert returning the row), made once for
 * the rows of a group. `keyOf`: the row's conflict target; two rows of one key never go in one
 * statement (the later goes in the next, and sees the earlier), and a statement writes its rows in
 * the keys' order (as the counters, so that groups lock in one order). Rows of a statement without
 * one (an insert nothing conflicts with) go in the order sent. `write` answers, by key, what each
 * row's unit hears (nothing for a row it did not write, or a write that returns nothing).
 */
export type BatchedStatement<Tables, Row, Result = never> = {
  name: string;
  keyOf?: (row: Row) => string;
  write: (trx: Transaction<Tables>, rows: Row[]) => Promise<ReadonlyMap<string, Result> | void>;
};

type Waiting = { row: unknown; resolve: (result: unknown) => void; reject: (error: unknown) => void };
type AnyStatement<Tables> = BatchedStatement<Tables, unknown, unknown>;

/** The rows the units of one transaction send to each batched statement, written together once the units wait on them. */
export class GroupStatements<Tables> {
  private pending = new Map<AnyStatement<Tables>, Waiting[]>();
  private scheduled = false;

  constructor(private readonly trx: Transaction<Tables>) {}

  /** Writes `row` with the other units' rows of `statement`; resolves to what `write` answered for its key. */
  write<Row, Result>(statement: BatchedStatement<Tables, Row, Result>, row: Row): Promise<Result | undefined> {
    return new Promise<Result | undefined>((resolve, reject) => {
      this.enqueue(statement as AnyStatement<Tables>, [{ row, resolve: resolve as (result: unknown) => void, reject }]);
    });
  }

  private enqueue(statement: AnyStatement<Tables>, entries: Waiting[]): void {
    this.pending.set(statement, [...(this.pending.get(statement) ?? []), ...entries]);
    if (this.scheduled) return;
    this.scheduled = true;
    // Once the promise jobs queued now have run (as DataLoader does): the units that went on
    // together have gone as far as they can without the database, and sent their rows. Not at the
    // end of the turn: the transaction would stay open while the loop reads other requests.
    void Promise.resolve().then(() => process.nextTick(() => void this.flush()));
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const statements = [...this.pending].sort(([a], [b]) => (a.name < b.name ? -1 : 1));
    this.pending = new Map();
    for (const [statement, waiting] of statements) {
      const { keyOf } = statement;
      const byKey = new Map<string, Waiting>();
      const later: Waiting[] = [];
      for (const [index, entry] of waiting.entries()) {
        const key = keyOf ? keyOf(entry.row) : String(index);
        if (byKey.has(key)) later.push(entry);
        else byKey.set(key, entry);
      }
      const rows = keyOf ? [...byKey].sort(([a], [b]) => (a < b ? -1 : 1)) : [...byKey];
      try {
        const answers = await statement.write(
          this.trx,
          rows.map(([, entry]) => entry.row),
        );
        for (const [key, entry] of rows) entry.resolve(answers?.get(key));
      } catch (error) {
        for (const [, entry] of rows) entry.reject(error);
      }
      if (later.length > 0) this.enqueue(statement, later);
    }
  }
}
