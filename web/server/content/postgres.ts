/**
 * The leads store in PostgreSQL (DATABASE_URL): documents in one table (jsonb), changed with
 * Sanity's mutation semantics, each `mutate` one PostgreSQL transaction over the rows it touches,
 * locked first — so a revision check (`ifRevisionID`) holds across every instance on the database,
 * and a 6-place slot cannot be overbooked by two of them.
 *
 * Reads are GROQ over an in-memory mirror, as in the embedded store. The mirror follows the table
 * through `seq` (every committed write takes the next one, in commit order): a write by this
 * instance is in its mirror when `mutate` resolves, and other instances' writes arrive by
 * LISTEN/NOTIFY (and before this instance's next write lands). Correctness never rests on the
 * mirror: a write decided on a stale read fails its revision check in the database and is retried.
 */
import pg from 'pg';
import { DependencyState, isConnectionError } from '../observability/dependency-state';
import { DocumentMirror } from './document-mirror';
import { applyTransaction, deepFreeze, newTransactionId, type DocumentChanges, type StoredDocument } from './mutations';
import {
  ContentUnavailableError,
  MutationError,
  type ContentSource,
  type Mutation,
  type MutationResult,
  type QueryParams,
  type QueryResult,
  type SanityDocument,
} from './types';

/** The channel every write notifies (payload: its `seq`). */
const CHANNEL = 'documents_changed';
/** The first key of the per-document advisory locks (the second is the id's hash). */
const DOCUMENT_LOCK_SPACE = 29_001;
/** The most `mutate` calls one group commit takes (their locks are held until it ends). */
const MAX_CALLS_PER_COMMIT = 64;
/** A lost notification connection, or a database not reachable at start, is tried again after this long. */
const RECONNECT_MS = 1_000;

export type PostgresDocumentStoreOptions = {
  pool: pg.Pool;
  /** Documents a database with no documents starts with (created only where missing: instances may start together). */
  seedDocuments?: SanityDocument[];
  /** Runs before the first read of the table, on every attempt until one succeeds (the migrations). */
  prepare?: () => Promise<void>;
  /** Told when the database is lost and back (the notification connection follows it). */
  state?: DependencyState;
  /** A database not reachable at open: wait for it in the background (the server), or throw (the CLIs). */
  waitForDatabase?: boolean;
};

export interface PostgresDocumentStore extends ContentSource {
  /** Any stored document by id, drafts included, as this instance's mirror holds it (frozen). */
  getDocument(id: string): SanityDocument | undefined;
  /** Brings the mirror up to every write committed so far (other instances' included). */
  catchUp(): Promise<void>;
  /** Whether its notification connection is open. */
  readonly listening: boolean;
}

/**
 * The store, loaded. A database that cannot be reached does not stop it: until it can, reads and
 * writes fail with ContentUnavailableError and the store tries again every RECONNECT_MS in the
 * background. Any other failure (a migration that does not apply) is thrown.
 */
export async function openPostgresDocumentStore(options: PostgresDocumentStoreOptions): Promise<PostgresDocumentStore> {
  const store = new PostgresDocuments(options);
  try {
    await store.connect();
  } catch (error) {
    if (!isConnectionError(error) || !options.waitForDatabase) {
      await store.close();
      throw error;
    }
    store.connectLater(error);
  }
  return store;
}

type DocumentRow = { id: string; json: string | null; seq: string };

type PendingCall = {
  mutations: Mutation[];
  transactionId: string;
  resolve: (result: MutationResult) => void;
  reject: (error: unknown) => void;
};
type CallOutcome = { result: MutationResult; error?: undefined } | { result?: undefined; error: unknown };

class PostgresDocuments implements PostgresDocumentStore {
  private readonly mirror = new DocumentMirror();
  private lastSeq = 0;
  /** Mirror updates run one at a time, in `seq` order. */
  private mirrorQueue: Promise<void> = Promise.resolve();
  private catchUpQueued = false;
  private listener: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Whether the table was read once: before, there is nothing to answer reads from. */
  private loaded = false;
  /** Calls waiting for the next group commit, and whether one is under way. */
  private pending: PendingCall[] = [];
  private committing = false;
  private readonly pool: pg.Pool;
  private readonly state: DependencyState;

  constructor(private readonly options: PostgresDocumentStoreOptions) {
    this.pool = options.pool;
    this.state = options.state ?? new DependencyState('postgres');
  }

  /** Migrations, the table into the mirror, the seed where the table is empty. */
  async connect(): Promise<void> {
    await this.options.prepare?.();
    await this.load();
    this.loaded = true;
    this.state.back();
    if (this.isEmpty() && this.options.seedDocuments?.length) {
      await this.mutate(this.options.seedDocuments.map((document) => ({ createIfNotExists: document })));
    }
  }

  /** Tries `connect` again every RECONNECT_MS until it succeeds (the database was not reachable). */
  connectLater(error: unknown): void {
    this.state.lost(error);
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.connect().catch((failure: unknown) => this.connectLater(failure));
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  private async load(): Promise<void> {
    // Listening first: a write committed while the snapshot loads is caught up right after.
    await this.listen();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { rows: log } = await client.query<{ seq: string }>('SELECT seq FROM document_log');
      const { rows } = await client.query<{ json: string }>('SELECT doc::text AS json FROM documents');
      await client.query('COMMIT');
      this.mirror.load(rows.map((row) => deepFreeze(JSON.parse(row.json) as SanityDocument)));
      this.lastSeq = Number(log[0]?.seq ?? 0);
    } finally {
      client.release();
    }
    await this.serially(() => this.readChanges());
  }

  isEmpty(): boolean {
    return this.mirror.size === 0;
  }

  getDocument(id: string): SanityDocument | undefined {
    return this.mirror.getDocument(id);
  }

  fetch<const Query extends string>(query: Query, params: QueryParams = {}): Promise<QueryResult<Query>> {
    if (!this.loaded) return Promise.reject(unavailable(new Error('not connected since start')));
    return this.mirror.fetch(query, params);
  }

  drafts(): ContentSource {
    return this.mirror.drafts(this);
  }

  invalidate(): void {
    this.mirror.invalidate();
  }

  changeVersion(): string {
    return this.mirror.changeVersion();
  }

  /**
   * Queued, and committed together with the calls that arrive while the previous batch commits:
   * one transaction and one WAL flush for many leads (group commit, as the embedded store does).
   * Each call is still all-or-nothing: it is applied to the locked rows after the batch's earlier
   * calls, and one that is refused (a stale revision) leaves the others of its batch to commit.
   */
  mutate(mutations: Mutation[], options: { transactionId?: string } = {}): Promise<MutationResult> {
    if (this.closed) return Promise.reject(new Error('The leads store is closed'));
    if (!this.loaded) return Promise.reject(unavailable(new Error('not connected since start')));
    const transactionId = options.transactionId ?? newTransactionId();
    return new Promise((resolve, reject) => {
      this.pending.push({ mutations, transactionId, resolve, reject });
      if (!this.committing) void this.commitPending();
    });
  }

  private async commitPending(): Promise<void> {
    this.committing = true;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_CALLS_PER_COMMIT);
      let outcomes: CallOutcome[];
      let committed: { seq: number; changes: DocumentChanges };
      try {
        ({ outcomes, committed } = await this.commitBatch(batch));
        this.state.back();
      } catch (error) {
        if (isConnectionError(error)) this.state.lost(error);
        for (const call of batch) call.reject(unavailable(error));
        continue;
      }
      // Committed: a mirror that cannot catch up now (the database just went away) does when it is back.
      if (committed.changes.size > 0) await this.afterCommit(committed.seq, committed.changes).catch(() => this.catchUp().catch(() => undefined));
      // A call refused on a newer version than the mirror shows: its retry must see that version.
      // A call that wrote nothing (its documents were there, perhaps from another instance): its
      // caller reads them next.
      const refusedAsStale = outcomes.some((outcome) => outcome.error instanceof MutationError && outcome.error.statusCode === 409);
      const wroteNothing = outcomes.some((outcome) => outcome.result?.results.every((result) => result.operation === 'none'));
      if (refusedAsStale || wroteNothing) await this.catchUp().catch(() => undefined);
      batch.forEach((call, index) => {
        const outcome = outcomes[index];
        if (outcome.result) call.resolve(outcome.result);
        else call.reject(outcome.error instanceof MutationError ? outcome.error : unavailable(outcome.error));
      });
    }
    this.committing = false;
  }

  /** One transaction: lock every id the batch touches, apply each call in turn to the locked rows, write once. */
  private async commitBatch(batch: PendingCall[]): Promise<{ outcomes: CallOutcome[]; committed: { seq: number; changes: DocumentChanges } }> {
    const ids = [...new Set(batch.flatMap((call) => touchedIds(call.mutations)))].sort();
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw unavailable(error);
    }
    try {
      await client.query('BEGIN');
      // Ids in one order everywhere (no deadlock); an advisory lock covers ids with no row yet, so
      // two `create`s of one id cannot both see it missing.
      await client.query(`SELECT pg_advisory_xact_lock(${DOCUMENT_LOCK_SPACE}, hashtext(id)) FROM unnest($1::text[]) AS id`, [ids]);
      const { rows } = await client.query<{ id: string; json: string }>(
        'SELECT id, doc::text AS json FROM documents WHERE id = ANY($1::text[]) FOR UPDATE',
        [ids],
      );
      const locked = new Map(rows.map((row) => [row.id, JSON.parse(row.json) as SanityDocument]));
      const changes: DocumentChanges = new Map();
      const current = (id: string) => (changes.has(id) ? changes.get(id)?.document : locked.get(id));
      const timestamp = new Date().toISOString();
      const outcomes: CallOutcome[] = batch.map((call) => {
        try {
          const applied = applyTransaction(call.mutations, current, call.transactionId, timestamp);
          for (const [id, change] of applied.changes) changes.set(id, change);
          return { result: { transactionId: call.transactionId, results: applied.results } };
        } catch (error) {
          return { error };
        }
      });
      if (changes.size === 0) {
        await client.query('COMMIT');
        return { outcomes, committed: { seq: 0, changes } };
      }
      const seq = await this.write(client, changes);
      await client.query('COMMIT');
      return { outcomes, committed: { seq, changes } };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * The batch's changes under the next `seq`, in one statement: the log row — taken last and held
   * to the commit, which makes writes commit in `seq` order — is held for as short a time as possible.
   */
  private async write(client: pg.PoolClient, changes: DocumentChanges): Promise<number> {
    const written = [...changes].filter((entry): entry is [string, StoredDocument] => entry[1] !== null);
    const deleted = [...changes].filter(([, change]) => change === null).map(([id]) => id);
    const { rows: log } = await client.query<{ seq: string }>(
      `WITH log AS (UPDATE document_log SET seq = seq + 1 RETURNING seq),
       written AS (
         INSERT INTO documents (id, type, doc, rev, seq)
           SELECT t.id, t.type, t.doc, t.rev, log.seq FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::text[]) AS t (id, type, doc, rev), log
         ON CONFLICT (id) DO UPDATE SET type = excluded.type, doc = excluded.doc, rev = excluded.rev, seq = excluded.seq, updated_at = now()
       ),
       removed AS (DELETE FROM documents WHERE id = ANY($5::text[])),
       tombstones AS (
         INSERT INTO document_deletions (id, seq) SELECT d.id, log.seq FROM unnest($5::text[]) AS d (id), log
         ON CONFLICT (id) DO UPDATE SET seq = excluded.seq
       )
       SELECT seq, pg_notify('${CHANNEL}', seq::text) FROM log`,
      [
        written.map(([id]) => id),
        written.map(([, { document }]) => document._type),
        written.map(([, { json }]) => json),
        written.map(([, { document }]) => document._rev ?? ''),
        deleted,
      ],
    );
    return Number(log[0].seq);
  }

  /** The mirror takes this instance's own write directly when nothing came between, else catches up. */
  private afterCommit(seq: number, changes: DocumentChanges): Promise<void> {
    return this.serially(async () => {
      if (seq <= this.lastSeq) return;
      if (seq === this.lastSeq + 1) {
        this.mirror.apply(changes);
        this.lastSeq = seq;
        return;
      }
      await this.readChanges();
    });
  }

  catchUp(): Promise<void> {
    if (!this.loaded) return Promise.reject(unavailable(new Error('not connected since start')));
    return this.serially(() => this.readChanges());
  }

  private async readChanges(): Promise<void> {
    const { rows } = await this.pool.query<DocumentRow>(
      `SELECT id, doc::text AS json, seq FROM documents WHERE seq > $1
       UNION ALL SELECT id, NULL, seq FROM document_deletions WHERE seq > $1
       ORDER BY seq`,
      [this.lastSeq],
    );
    if (rows.length === 0) return;
    const changes: DocumentChanges = new Map();
    for (const row of rows) {
      changes.delete(row.id);
      changes.set(row.id, row.json === null ? null : { document: deepFreeze(JSON.parse(row.json) as SanityDocument), json: row.json });
    }
    this.mirror.apply(changes);
    this.lastSeq = Number(rows[rows.length - 1].seq);
  }

  private serially(task: () => Promise<void>): Promise<void> {
    const run = this.mirrorQueue.then(task);
    this.mirrorQueue = run.catch(() => undefined);
    return run;
  }

  /** Another instance wrote: catch up once for any number of notifications that arrive meanwhile. */
  private onNotification(): void {
    if (this.catchUpQueued) return;
    this.catchUpQueued = true;
    void this.serially(() => {
      this.catchUpQueued = false;
      return this.readChanges();
    }).catch((error: unknown) => this.state.lost(error));
  }

  private async listen(): Promise<void> {
    const previous = this.listener;
    this.listener = null;
    await previous?.end().catch(() => undefined);
    // A connection of its own: a listening one never goes back to the pool.
    const listener = new pg.Client(this.pool.options);
    const lost = (error: Error) => {
      if (this.listener !== listener) return;
      this.listener = null;
      this.state.lost(error);
      void listener.end().catch(() => undefined);
      // Before the first load, the connect loop opens it again.
      if (this.loaded) this.listenAgainLater();
    };
    listener.on('notification', () => this.onNotification());
    listener.on('error', lost);
    listener.on('end', () => lost(new Error('the notification connection closed')));
    try {
      await listener.connect();
      await listener.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await listener.end().catch(() => undefined);
      throw error;
    }
    this.listener = listener;
  }

  /** A new notification connection, then a catch-up for what was missed without one. */
  private listenAgainLater(): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.listen()
        .then(() => this.catchUp())
        .then(
          () => this.state.back(),
          (error: unknown) => {
            this.state.lost(error);
            this.listenAgainLater();
          },
        );
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  /** Whether the notification connection is open (the metrics' listener state). */
  get listening(): boolean {
    return this.listener !== null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.mirrorQueue;
  }
}

/** The ids a transaction may touch, sorted: every mutation names its document but a `create` without one. */
function touchedIds(mutations: Mutation[]): string[] {
  const ids = new Set<string>();
  for (const mutation of Array.isArray(mutations) ? mutations : []) {
    const id =
      'create' in mutation ? mutation.create?._id
      : 'createIfNotExists' in mutation ? mutation.createIfNotExists?._id
      : 'createOrReplace' in mutation ? mutation.createOrReplace?._id
      : 'delete' in mutation ? mutation.delete?.id
      : 'patch' in mutation ? mutation.patch?.id
      : undefined;
    if (typeof id === 'string') ids.add(id);
  }
  return [...ids].sort();
}

function unavailable(error: unknown): ContentUnavailableError {
  return new ContentUnavailableError(`The leads database did not answer: ${(error as Error).message}`, { cause: error });
}
