/**
 * The embedded content backend: documents in SQLite (WAL, synchronous=FULL) mirrored in memory,
 * queried with groq-js and changed with Sanity's mutation semantics. A write is acknowledged
 * only after its SQLite transaction committed; concurrent writes share one commit.
 *
 * One process owns a database file (the memory mirror does not see other writers); other
 * processes, like the `sqlite3` CLI, may read it.
 */
import { preparePrivateDatabaseFile } from '../data-dir';
import { openSqlite, type SqliteDatabase, type SqliteStatement } from '../sqlite';
import { DocumentMirror } from './document-mirror';
import {
  applyTransaction,
  deepFreeze,
  newTransactionId,
  type DocumentChanges,
} from './mutations';
import { readSeedDocuments } from './seed';
import {
  ContentUnavailableError,
  type ContentSource,
  type Mutation,
  type MutationResult,
  type QueryParams,
  type QueryResult,
  type SanityDocument,
} from './types';

export type EmbeddedStoreOptions = {
  /** SQLite file path, or ':memory:'. Missing parent directories are created (0700, the file 0600). */
  file: string;
  /**
   * Deleted documents are overwritten in the file, and the WAL is emptied after each delete, so
   * what is deleted (personal data) cannot be read back from the files.
   */
  secureDelete?: boolean;
  /** NDJSON in `sanity dataset import` format, loaded only into an empty database. */
  seedFile?: string;
  /** Documents loaded only into an empty database (after `seedFile`'s, if both are given). */
  seedDocuments?: SanityDocument[];
  /** Seeded image assets record their path relative to this directory (default: cwd). */
  rootDir?: string;
};

export type EmbeddedStoreStats = {
  /** `mutate` calls accepted for commit (refused ones included). */
  mutateCalls: number;
  /** SQLite transactions committed, seeding included; several calls may share one. */
  committedTransactions: number;
  queryCacheHits: number;
  queryCacheMisses: number;
};

export interface EmbeddedStore extends ContentSource {
  /**
   * Increments on every committed transaction. Cached query results are keyed by it, or, for a
   * query that reads only `_type`-pinned scans, by the versions of those types.
   */
  readonly revision: number;
  readonly stats: Readonly<EmbeddedStoreStats>;
  /** Any stored document by id, drafts included (frozen). */
  getDocument(id: string): SanityDocument | undefined;
  /** All published documents (frozen). */
  documents(): readonly SanityDocument[];
}

export async function openEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  preparePrivateDatabaseFile(options.file);
  const database = openSqlite(options.file);
  try {
    database.exec('PRAGMA journal_mode = WAL');
    if (options.secureDelete) database.exec('PRAGMA secure_delete = ON');
    // FULL: the WAL is fsynced at every commit, so an acknowledged write survives power loss.
    database.exec('PRAGMA synchronous = FULL');
    database.exec('PRAGMA busy_timeout = 5000');
    database.exec(`
      CREATE TABLE IF NOT EXISTS documents (
        id      TEXT PRIMARY KEY,
        type    TEXT NOT NULL,
        json    TEXT NOT NULL,
        rev     TEXT NOT NULL,
        updated TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS documents_by_type ON documents (type);
    `);
    const store = new SqliteContentStore(database, options.secureDelete ?? false);
    if (store.isEmpty() && (options.seedFile || options.seedDocuments)) {
      const fromFile = options.seedFile
        ? await readSeedDocuments(options.seedFile, { rootDir: options.rootDir ?? process.cwd() })
        : [];
      store.importDocuments([...fromFile, ...(options.seedDocuments ?? [])]);
    }
    return store;
  } catch (error) {
    database.close();
    throw error;
  }
}

type PendingCall = {
  mutations: Mutation[];
  transactionId: string;
  resolve: (result: MutationResult) => void;
  reject: (error: unknown) => void;
};

class SqliteContentStore implements EmbeddedStore {
  private readonly statistics = { mutateCalls: 0, committedTransactions: 0 };
  private readonly mirror = new DocumentMirror();
  private pending: PendingCall[] = [];
  private flushed: Promise<void> | null = null;
  private closed = false;
  private readonly upsert: SqliteStatement;
  private readonly remove: SqliteStatement;

  constructor(
    private readonly database: SqliteDatabase,
    private readonly secureDelete: boolean,
  ) {
    this.upsert = database.prepare(`
      INSERT INTO documents (id, type, json, rev, updated) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET type = excluded.type, json = excluded.json, rev = excluded.rev,
        updated = excluded.updated`);
    this.remove = database.prepare('DELETE FROM documents WHERE id = ?');
    const rows = database.prepare('SELECT json FROM documents').all<{ json: string }>().map((row) => row.json);
    this.mirror.load(rows.map((json) => deepFreeze(JSON.parse(json) as SanityDocument)));
  }

  get revision(): number {
    return this.mirror.revision;
  }

  get stats(): Readonly<EmbeddedStoreStats> {
    return { ...this.statistics, queryCacheHits: this.mirror.cacheStats.hits, queryCacheMisses: this.mirror.cacheStats.misses };
  }

  isEmpty(): boolean {
    return this.mirror.size === 0;
  }

  getDocument(id: string): SanityDocument | undefined {
    return this.mirror.getDocument(id);
  }

  documents(): readonly SanityDocument[] {
    return this.mirror.documents();
  }

  fetch<const Query extends string>(query: Query, params: QueryParams = {}): Promise<QueryResult<Query>> {
    return this.mirror.fetch(query, params);
  }

  /** The same store read with drafts over published documents (preview; the embedded store has drafts only). */
  drafts(): ContentSource {
    return this.mirror.drafts(this);
  }

  mutate(mutations: Mutation[], options: { transactionId?: string } = {}): Promise<MutationResult> {
    if (this.closed) return Promise.reject(new Error('The content store is closed'));
    this.statistics.mutateCalls += 1;
    return new Promise<MutationResult>((resolve, reject) => {
      this.pending.push({ mutations, transactionId: options.transactionId ?? newTransactionId(), resolve, reject });
      this.flushed ??= new Promise<void>((done) =>
        // Every call made before the event loop turns joins this commit (group commit).
        setImmediate(() => {
          this.flushed = null;
          this.commitPending();
          done();
        }),
      );
    });
  }

  invalidate(): void {
    this.mirror.invalidate();
  }

  changeVersion(): string {
    return this.mirror.changeVersion();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.flushed;
    this.database.close();
  }

  /** Loads seed documents in one transaction (createOrReplace semantics). */
  importDocuments(documents: SanityDocument[]): void {
    const { changes } = applyTransaction(
      documents.map((document) => ({ createOrReplace: document })),
      (id) => this.mirror.getDocument(id),
      newTransactionId(),
      new Date().toISOString(),
    );
    this.commit(changes);
  }

  private commitPending(): void {
    const calls = this.pending;
    this.pending = [];
    // Each call is applied on top of the ones accepted before it in this batch; a refused call
    // leaves no trace, so the others still commit.
    const batch: DocumentChanges = new Map();
    const lookup = (id: string) => (batch.has(id) ? batch.get(id)?.document : this.mirror.getDocument(id));
    const accepted: Array<{ call: PendingCall; result: MutationResult }> = [];
    for (const call of calls) {
      try {
        const { changes, results } = applyTransaction(call.mutations, lookup, call.transactionId, new Date().toISOString());
        for (const [id, change] of changes) batch.set(id, change);
        accepted.push({ call, result: { transactionId: call.transactionId, results } });
      } catch (error) {
        call.reject(error);
      }
    }
    try {
      this.commit(batch);
    } catch (error) {
      const failure = new ContentUnavailableError(`Could not commit to SQLite: ${(error as Error).message}`, {
        cause: error,
      });
      for (const { call } of accepted) call.reject(failure);
      return;
    }
    for (const { call, result } of accepted) call.resolve(result);
  }

  /** Writes the changes in one SQLite transaction, then (only if it committed) to memory. */
  private commit(changes: DocumentChanges): void {
    if (changes.size === 0) return;
    let deleted = false;
    this.database.transaction(() => {
      for (const [id, change] of changes) {
        if (change) {
          const { document, json } = change;
          this.upsert.run(id, document._type, json, document._rev ?? '', document._updatedAt ?? '');
        } else {
          this.remove.run(id);
          deleted = true;
        }
      }
    });
    // The WAL still holds the pages as they were before the delete: copy the overwritten pages
    // into the database and empty it.
    if (deleted && this.secureDelete) this.database.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    this.mirror.apply(changes);
    this.statistics.committedTransactions += 1;
  }
}

