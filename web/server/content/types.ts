import type { ClientReturn } from '@sanity/client';

/**
 * The content-source surface shared by both backends (Sanity and embedded SQLite + groq-js).
 * Mutations use Sanity's own JSON shapes so the same calls work against either backend.
 */
export type SanityDocument = {
  _id: string;
  _type: string;
  _rev?: string;
  _createdAt?: string;
  _updatedAt?: string;
  [key: string]: unknown;
};

export type NewDocument = Omit<SanityDocument, '_id'> & { _id?: string };

export type PatchOperations = {
  id: string;
  ifRevisionID?: string;
  set?: Record<string, unknown>;
  setIfMissing?: Record<string, unknown>;
  unset?: string[];
  inc?: Record<string, number>;
  dec?: Record<string, number>;
  insert?: Record<string, unknown>;
};

export type Mutation =
  | { create: NewDocument }
  | { createIfNotExists: SanityDocument }
  | { createOrReplace: SanityDocument }
  | { delete: { id: string } }
  | { patch: PatchOperations };

export type MutationResult = {
  transactionId: string;
  results: Array<{ id: string; operation: 'create' | 'update' | 'delete' | 'none' }>;
};

export type QueryParams = Record<string, unknown>;

/**
 * What a query returns, looked up by the query text itself in the `SanityQueries` map that
 * `npm run typegen` writes (web/sanity/sanity.types.ts). A query typegen does not know (an ad-hoc
 * query in a test or script) returns `unknown`, so its result must be checked before use.
 */
export type QueryResult<Query extends string> = ClientReturn<Query, unknown>;

/** A preview's perspective: Sanity's `drafts`, `published`, or a stack of release ids. */
export type PreviewPerspective = 'drafts' | 'published' | readonly string[];

export interface ContentSource {
  /**
   * Runs a GROQ query over published documents. Results may be shared with other callers (they
   * are cached) and are deep-frozen: copy before changing them.
   */
  fetch<const Query extends string>(query: Query, params?: QueryParams): Promise<QueryResult<Query>>;
  /**
   * The same content read with drafts over published documents (Sanity's `drafts` perspective),
   * for an editor's preview only: never cached for visitors. With Sanity, `perspective` is the one
   * the Studio asked for (`published`, or release ids over drafts); the embedded store has drafts only.
   */
  drafts(perspective?: PreviewPerspective): ContentSource;
  /** Applies the mutations as one all-or-nothing transaction; resolves once durable. */
  mutate(mutations: Mutation[], options?: { transactionId?: string }): Promise<MutationResult>;
  /**
   * Drops cached query results (webhook purge, tests); with `types`, at least those of the queries
   * that read these document types (another instance wrote only them).
   */
  invalidate(types?: ReadonlySet<string>): void;
  /** Changes whenever published content may have changed: a commit, a write through this source, a purge. */
  changeVersion(): string;
  close(): Promise<void>;
}

/** Thrown for a mutation the backend refuses (conflicting revision, duplicate id, bad patch). */
export class MutationError extends Error {
  constructor(
    message: string,
    readonly statusCode: 409 | 400 | 404 = 400,
  ) {
    super(message);
    this.name = 'MutationError';
  }
}

/**
 * Thrown when the backend refuses a read (a 4xx other than the token's or the rate's): the query,
 * its parameters or the perspective asked for, not an outage and not a write.
 */
export class ContentReadError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ContentReadError';
  }
}

/**
 * Thrown when the backend cannot be reached or fails on its side (network error, 5xx), as
 * opposed to refusing the input: callers may retry later (the lead outbox does).
 */
export class ContentUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ContentUnavailableError';
  }
}

/**
 * Sanity refused the API token (401/403): not an outage but a configuration an operator must fix.
 * Still "unavailable" to callers, so a lead waits in the outbox until the token is fixed.
 */
export class ContentAccessDeniedError extends ContentUnavailableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ContentAccessDeniedError';
  }
}
