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
import { GroqEngine, type PublishedDocuments } from './groq-engine';
import { LRUCache } from 'lru-cache';
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

const QUERY_CACHE_ENTRIES = 500;

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
  private currentRevision = 0;
  private purges = 0;
  private readonly statistics: EmbeddedStoreStats = {
    mutateCalls: 0,
    committedTransactions: 0,
    queryCacheHits: 0,
    queryCacheMisses: 0,
  };
  private readonly index = new DocumentIndex();
  private readonly engine = new GroqEngine(this.index);
  private readonly draftsEngine = new GroqEngine(new DraftsOverlay(this.index, () => this.currentRevision));
  private readonly queryCache = new LRUCache<string, { result: unknown }>({ max: QUERY_CACHE_ENTRIES });
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
    this.index.load(rows.map((json) => deepFreeze(JSON.parse(json) as SanityDocument)));
  }

  get revision(): number {
    return this.currentRevision;
  }

  get stats(): Readonly<EmbeddedStoreStats> {
    return { ...this.statistics };
  }

  isEmpty(): boolean {
    return this.index.size === 0;
  }

  getDocument(id: string): SanityDocument | undefined {
    return this.index.getAny(id);
  }

  documents(): readonly SanityDocument[] {
    return this.index.all();
  }

  async fetch<const Query extends string>(query: Query, params: QueryParams = {}): Promise<QueryResult<Query>> {
    const key = this.cacheKey(query, params);
    const cached = this.queryCache.get(key);
    if (cached) {
      this.statistics.queryCacheHits += 1;
      return cached.result as QueryResult<Query>;
    }
    this.statistics.queryCacheMisses += 1;
    // Results are shared by every caller that hits the cache, so they are frozen.
    const result = deepFreeze(await this.engine.run(query, params));
    // Only the streaming fallback can yield; a result computed across a commit is not cached.
    if (key === this.cacheKey(query, params)) this.queryCache.set(key, { result });
    return result as QueryResult<Query>;
  }

  /**
   * The same store read with drafts over published documents (preview). Not cached: only an
   * editor in preview reads it, and every read must show the latest draft.
   */
  drafts(): ContentSource {
    return {
      fetch: async (query, params = {}) => deepFreeze(await this.draftsEngine.run(query, params)) as never,
      mutate: (mutations, options) => this.mutate(mutations, options),
      invalidate: () => this.invalidate(),
      changeVersion: (ignoredTypes) => this.changeVersion(ignoredTypes),
      drafts: () => this.drafts(),
      // The store's owner closes it.
      close: async () => undefined,
    };
  }

  /**
   * A query that reads only some types is keyed by those types' versions, so e.g. a view-count
   * flush on press articles keeps the cached site settings; any other query by the revision.
   */
  private cacheKey(query: string, params: QueryParams): string {
    const types = this.engine.readableTypes(query, params);
    const version = types
      ? types.map((type) => `${type}@${this.index.typeVersion(type)}`).join(',')
      : `@${this.currentRevision}`;
    return `${version}\u0000${query}\u0000${JSON.stringify(params)}`;
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
    this.queryCache.clear();
    this.purges += 1;
  }

  changeVersion(ignoredTypes: ReadonlySet<string> = new Set()): string {
    return `${this.purges}:${this.index.versionIgnoring(ignoredTypes)}`;
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
      (id) => this.index.getAny(id),
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
    const lookup = (id: string) => (batch.has(id) ? batch.get(id)?.document : this.index.getAny(id));
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
    this.index.apply(changes);
    this.currentRevision += 1;
    this.statistics.committedTransactions += 1;
    // Entries of older versions are never hit again; the LRU bound evicts them.
  }
}

/** Every document by id, plus the published ones by type for the query engine's partitions. */
class DocumentIndex implements PublishedDocuments {
  private readonly byId = new Map<string, SanityDocument>();
  private readonly publishedByType = new Map<string, Map<string, SanityDocument>>();
  private publishedList: SanityDocument[] | null = null;
  private readonly typeLists = new Map<string, SanityDocument[]>();
  private readonly typeVersions = new Map<string, number>();

  get size(): number {
    return this.byId.size;
  }

  load(documents: SanityDocument[]): void {
    for (const document of documents) this.put(document);
  }

  apply(changes: DocumentChanges): void {
    for (const [id, change] of changes) {
      const previous = this.byId.get(id);
      // An update of the same type is replaced in place, keeping the documents' order stable.
      if (previous && (!change || previous._type !== change.document._type)) this.drop(previous);
      if (change) this.put(change.document);
    }
  }

  getAny(id: string): SanityDocument | undefined {
    return this.byId.get(id);
  }

  /** Every stored document, drafts and versions included. */
  everything(): IterableIterator<SanityDocument> {
    return this.byId.values();
  }

  get(id: string): SanityDocument | undefined {
    return isPublishedId(id) ? this.byId.get(id) : undefined;
  }

  all(): readonly SanityDocument[] {
    this.publishedList ??= [...this.publishedByType.values()].flatMap((documents) => [...documents.values()]);
    return this.publishedList;
  }

  /** Changes whenever a document of the type is written, drafts included. */
  typeVersion(type: string): number {
    return this.typeVersions.get(type) ?? 0;
  }

  /** The sum of every type's version but the ignored ones': it grows with any other write. */
  versionIgnoring(ignoredTypes: ReadonlySet<string>): number {
    let sum = 0;
    for (const [type, version] of this.typeVersions) if (!ignoredTypes.has(type)) sum += version;
    return sum;
  }

  ofType(type: string): readonly SanityDocument[] {
    let list = this.typeLists.get(type);
    if (!list) {
      list = [...(this.publishedByType.get(type)?.values() ?? [])];
      this.typeLists.set(type, list);
    }
    return list;
  }

  private put(document: SanityDocument): void {
    this.byId.set(document._id, document);
    this.typeVersions.set(document._type, this.typeVersion(document._type) + 1);
    if (!isPublishedId(document._id)) return;
    let documents = this.publishedByType.get(document._type);
    if (!documents) {
      documents = new Map();
      this.publishedByType.set(document._type, documents);
    }
    documents.set(document._id, document);
    this.forget(document._type);
  }

  private drop(document: SanityDocument): void {
    this.byId.delete(document._id);
    this.typeVersions.set(document._type, this.typeVersion(document._type) + 1);
    if (!isPublishedId(document._id)) return;
    this.publishedByType.get(document._type)?.delete(document._id);
    this.forget(document._type);
  }

  private forget(type: string): void {
    this.publishedList = null;
    this.typeLists.delete(type);
  }
}

/**
 * Sanity's drafts perspective over the index: each draft (`drafts.<id>`) stands in for its
 * published document, under the published `_id` with `_originalId` naming the draft, as the
 * Content Lake answers it; documents without a draft show as published. Rebuilt after a write.
 */
class DraftsOverlay implements PublishedDocuments {
  private built: { revision: number; byId: Map<string, SanityDocument>; byType: Map<string, SanityDocument[]>; all: SanityDocument[] } | null = null;

  constructor(
    private readonly index: DocumentIndex,
    private readonly revision: () => number,
  ) {}

  all(): readonly SanityDocument[] {
    return this.view().all;
  }

  ofType(type: string): readonly SanityDocument[] {
    return this.view().byType.get(type) ?? [];
  }

  get(id: string): SanityDocument | undefined {
    return this.view().byId.get(id);
  }

  private view() {
    if (this.built?.revision === this.revision()) return this.built;
    const byId = new Map<string, SanityDocument>();
    for (const document of this.index.everything()) {
      if (document._id.startsWith('versions.')) continue;
      if (document._id.startsWith(DRAFT_PREFIX)) {
        const publishedId = document._id.slice(DRAFT_PREFIX.length);
        byId.set(publishedId, deepFreeze({ ...document, _id: publishedId, _originalId: document._id }));
      } else if (!byId.has(document._id)) {
        byId.set(document._id, document);
      }
    }
    const all = [...byId.values()];
    const byType = new Map<string, SanityDocument[]>();
    for (const document of all) byType.set(document._type, [...(byType.get(document._type) ?? []), document]);
    this.built = { revision: this.revision(), byId, byType, all };
    return this.built;
  }
}

const DRAFT_PREFIX = 'drafts.';

/** The published perspective hides drafts and release versions. */
function isPublishedId(id: string): boolean {
  return !id.startsWith('drafts.') && !id.startsWith('versions.');
}
