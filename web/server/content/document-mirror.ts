/**
 * Documents mirrored in memory and queried there with groq-js (published, and drafts over
 * published for preview), with a query cache keyed by what each query reads. The stores decide
 * where documents are durable (SQLite, PostgreSQL) and hand every committed change to `apply`.
 */
import { LRUCache } from 'lru-cache';
import { GroqEngine, type PublishedDocuments } from './groq-engine';
import { deepFreeze, type DocumentChanges } from './mutations';
import type { ContentSource, QueryParams, QueryResult, SanityDocument } from './types';

const QUERY_CACHE_ENTRIES = 500;

export class DocumentMirror {
  private currentRevision = 0;
  private purges = 0;
  private readonly index = new DocumentIndex();
  private readonly engine = new GroqEngine(this.index);
  private readonly draftsEngine = new GroqEngine(new DraftsOverlay(this.index, () => this.currentRevision));
  private readonly queryCache = new LRUCache<string, { result: unknown }>({ max: QUERY_CACHE_ENTRIES });
  readonly cacheStats = { hits: 0, misses: 0 };

  /** Increments on every applied change set. */
  get revision(): number {
    return this.currentRevision;
  }

  get size(): number {
    return this.index.size;
  }

  load(documents: SanityDocument[]): void {
    this.index.load(documents);
  }

  /** Takes committed changes in (the documents frozen); entries of older versions are never hit again. */
  apply(changes: DocumentChanges): void {
    this.index.apply(changes);
    this.currentRevision += 1;
  }

  /** Any stored document by id, drafts included (frozen). */
  getDocument(id: string): SanityDocument | undefined {
    return this.index.getAny(id);
  }

  /** All published documents (frozen). */
  documents(): readonly SanityDocument[] {
    return this.index.all();
  }

  async fetch<const Query extends string>(query: Query, params: QueryParams = {}): Promise<QueryResult<Query>> {
    const key = this.cacheKey(query, params);
    const cached = this.queryCache.get(key);
    if (cached) {
      this.cacheStats.hits += 1;
      return cached.result as QueryResult<Query>;
    }
    this.cacheStats.misses += 1;
    // Results are shared by every caller that hits the cache, so they are frozen.
    const result = deepFreeze(await this.engine.run(query, params));
    // Only the streaming fallback can yield; a result computed across a commit is not cached.
    if (key === this.cacheKey(query, params)) this.queryCache.set(key, { result });
    return result as QueryResult<Query>;
  }

  /**
   * The owner's source read with drafts over published documents (preview). Not cached: only an
   * editor in preview reads it, and every read must show the latest draft.
   */
  drafts(owner: ContentSource): ContentSource {
    const drafts: ContentSource = {
      fetch: async (query, params = {}) => deepFreeze(await this.draftsEngine.run(query, params)) as never,
      mutate: (mutations, options) => owner.mutate(mutations, options),
      invalidate: (types) => owner.invalidate(types),
      changeVersion: () => owner.changeVersion(),
      drafts: () => drafts,
      // The store's owner closes it.
      close: async () => undefined,
    };
    return drafts;
  }

  invalidate(): void {
    this.queryCache.clear();
    this.purges += 1;
  }

  changeVersion(): string {
    return `${this.purges}:${this.index.writes}`;
  }

  /**
   * A query that reads only some types is keyed by those types' versions, so e.g. a new press
   * article keeps the cached site settings; any other query by the revision.
   */
  private cacheKey(query: string, params: QueryParams): string {
    const types = this.engine.readableTypes(query, params);
    const version = types
      ? types.map((type) => `${type}@${this.index.typeVersion(type)}`).join(',')
      : `@${this.currentRevision}`;
    return `${version}\u0000${query}\u0000${JSON.stringify(params)}`;
  }
}

/** Every document by id, plus the published ones by type for the query engine's partitions. */
class DocumentIndex implements PublishedDocuments {
  private readonly byId = new Map<string, SanityDocument>();
  private readonly publishedByType = new Map<string, Map<string, SanityDocument>>();
  private publishedList: SanityDocument[] | null = null;
  private readonly typeLists = new Map<string, SanityDocument[]>();
  private readonly typeVersions = new Map<string, number>();
  private written = 0;

  get size(): number {
    return this.byId.size;
  }

  /** Documents written or dropped so far: grows with every write. */
  get writes(): number {
    return this.written;
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
    this.written += 1;
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
    this.written += 1;
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
