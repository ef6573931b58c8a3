/**
 * Sanity's mutation semantics, applied to plain in-memory documents. Pure: the caller decides
 * where the resulting documents go (the embedded store writes them to SQLite, then memory).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Mutation as SanityPatchMutation } from '@sanity/mutator';
import {
  MutationError,
  type Mutation,
  type MutationResult,
  type NewDocument,
  type PatchOperations,
  type SanityDocument,
} from './types';

/** A document as it will be stored: frozen in memory, plus the exact JSON written to disk. */
export type StoredDocument = { document: SanityDocument; json: string };

/** The outcome of a transaction per document id: the new version, or null when deleted. */
export type DocumentChanges = Map<string, StoredDocument | null>;

export type AppliedTransaction = {
  changes: DocumentChanges;
  results: MutationResult['results'];
};

type MutatorPatch = ConstructorParameters<typeof SanityPatchMutation>[0]['mutations'][number]['patch'];

// Sanity's rule: letters, digits, `_`, `-` and `.` (path separator), not starting with `-`.
const DOCUMENT_ID_PATTERN = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]{0,127}$/;

/** Sanity uses 22-character random transaction ids, which also become the documents' `_rev`. */
export function newTransactionId(): string {
  return randomBytes(16).toString('base64url');
}

/** Objects shared between the store, the query cache and callers must never change in place. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}

/** A stored copy of `document` with its system fields (`_id`, `_rev`, …) set to `systemFields`. */
export function toStoredDocument(document: object, systemFields: SystemFields): StoredDocument {
  const frozen = frozenJsonCopy(document, systemFields) as SanityDocument;
  return { document: frozen, json: JSON.stringify(frozen) };
}

type SystemFields = Required<Pick<SanityDocument, '_id' | '_rev' | '_createdAt' | '_updatedAt'>>;

/**
 * What JSON.parse(JSON.stringify(value)) would give, deep-frozen — so memory always equals what
 * is written to disk, and callers keep their own objects — but several times faster, which
 * matters for bulk imports of 100k documents.
 */
function frozenJsonCopy(value: unknown, overrides?: Record<string, unknown>): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'object': {
      if (value === null) return null;
      const withToJson = value as { toJSON?: () => unknown };
      if (typeof withToJson.toJSON === 'function') return frozenJsonCopy(withToJson.toJSON());
      if (Array.isArray(value)) {
        return Object.freeze(value.map((item) => frozenJsonCopy(item) ?? null));
      }
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        if (overrides && key in overrides) continue;
        const itemCopy = frozenJsonCopy(item);
        if (itemCopy === undefined) continue;
        // A "__proto__" key must become an own property, as JSON.parse makes it.
        if (key === '__proto__') Object.defineProperty(copy, key, { value: itemCopy, enumerable: true });
        else copy[key] = itemCopy;
      }
      return Object.freeze(Object.assign(copy, overrides));
    }
    default:
      // undefined, functions and symbols are dropped, as JSON.stringify drops them.
      return undefined;
  }
}

/**
 * Applies one transaction on top of `lookup`. Throws MutationError (and changes nothing) when
 * any mutation is refused: the transaction is all-or-nothing.
 */
export function applyTransaction(
  mutations: Mutation[],
  lookup: (id: string) => SanityDocument | undefined,
  transactionId: string,
  timestamp: string,
): AppliedTransaction {
  if (!Array.isArray(mutations)) throw new MutationError('mutations must be an array');
  const changes: DocumentChanges = new Map();
  const current = (id: string) => (changes.has(id) ? changes.get(id)?.document : lookup(id));
  const write = (document: object, id: string, createdAt: string) => {
    changes.set(id, toStoredDocument(document, { _id: id, _rev: transactionId, _createdAt: createdAt, _updatedAt: timestamp }));
    return id;
  };
  const results: MutationResult['results'] = mutations.map((mutation) => {
    const kinds = Object.keys(mutation ?? {});
    if (kinds.length !== 1) {
      throw new MutationError(`each mutation needs exactly one operation, got: ${kinds.join(', ') || 'none'}`);
    }
    if ('create' in mutation) {
      const id = newDocumentId(mutation.create);
      if (current(id)) throw new MutationError(`Document by ID "${id}" already exists`, 409);
      return { id: write(mutation.create, id, createdAtOf(mutation.create, timestamp)), operation: 'create' as const };
    }
    if ('createIfNotExists' in mutation) {
      const id = newDocumentId(mutation.createIfNotExists, { requireId: true });
      if (current(id)) return { id, operation: 'none' as const };
      return {
        id: write(mutation.createIfNotExists, id, createdAtOf(mutation.createIfNotExists, timestamp)),
        operation: 'create' as const,
      };
    }
    if ('createOrReplace' in mutation) {
      const id = newDocumentId(mutation.createOrReplace, { requireId: true });
      const existing = current(id);
      // Replacing keeps the original creation time, as Sanity does.
      const createdAt = existing?._createdAt ?? createdAtOf(mutation.createOrReplace, timestamp);
      const operation = existing ? ('update' as const) : ('create' as const);
      return { id: write(mutation.createOrReplace, id, createdAt), operation };
    }
    if ('delete' in mutation) {
      const id = validId(mutation.delete?.id);
      if (!current(id)) return { id, operation: 'none' as const };
      changes.set(id, null);
      return { id, operation: 'delete' as const };
    }
    if ('patch' in mutation) {
      const patched = applyPatch(mutation.patch, current);
      return { id: write(patched, patched._id, patched._createdAt ?? timestamp), operation: 'update' as const };
    }
    throw new MutationError(`unknown mutation: ${kinds[0]}`);
  });
  return { changes, results };
}

function applyPatch(
  patch: PatchOperations,
  current: (id: string) => SanityDocument | undefined,
): SanityDocument {
  const id = validId(patch?.id);
  const existing = current(id);
  if (!existing) throw new MutationError(`Document "${id}" not found`, 404);
  if (patch.ifRevisionID !== undefined && patch.ifRevisionID !== existing._rev) {
    throw new MutationError(
      `Document "${id}" has revision ${existing._rev}, not the expected ${patch.ifRevisionID}`,
      409,
    );
  }
  // The patch JSON is Sanity's wire format, which is what the mutator consumes.
  const { set, setIfMissing, unset, inc, dec, insert } = patch;
  const operations = { id, set, setIfMissing, unset, inc, dec, insert } as MutatorPatch;
  let patched: SanityDocument | null;
  try {
    const mutation = new SanityPatchMutation({ mutations: [{ patch: operations }] });
    patched = mutation.apply(existing) as SanityDocument | null;
  } catch (error) {
    throw new MutationError(`Cannot patch "${id}": ${(error as Error).message}`);
  }
  if (!patched || patched._id !== id) throw new MutationError(`A patch cannot change _id of "${id}"`);
  if (typeof patched._type !== 'string' || patched._type === '') {
    throw new MutationError(`A patch cannot remove _type of "${id}"`);
  }
  return patched;
}

/** Validates a new document and returns its id, generating one when none was given. */
function newDocumentId(input: NewDocument | undefined, options: { requireId?: boolean } = {}): string {
  if (!input || typeof input !== 'object') throw new MutationError('a document object is required');
  if (typeof input._type !== 'string' || input._type === '') {
    throw new MutationError('a document needs a non-empty _type');
  }
  if (options.requireId && input._id === undefined) throw new MutationError('a document needs an _id');
  // Like Sanity: no _id, or an id ending in "." (e.g. "drafts."), gets a generated id.
  const requestedId = input._id ?? '';
  return validId(requestedId === '' || requestedId.endsWith('.') ? `${requestedId}${randomUUID()}` : requestedId);
}

function validId(id: unknown): string {
  if (typeof id !== 'string' || !DOCUMENT_ID_PATTERN.test(id)) {
    throw new MutationError(`invalid document id: ${JSON.stringify(id)}`);
  }
  return id;
}

function createdAtOf(input: NewDocument, fallback: string): string {
  return typeof input._createdAt === 'string' ? input._createdAt : fallback;
}

/**
 * The document types a transaction writes, when every mutation names its type or targets a
 * document created in the same transaction (a createIfNotExists then a patch); null when
 * any mutation could touch a document of any type (a patch or delete by id alone).
 */
export function writtenTypes(mutations: Mutation[]): Set<string> | null {
  const typeOfId = new Map<string, string>();
  for (const mutation of mutations) {
    const [operation, target] = Object.entries(mutation)[0] as [string, { _id?: string; _type?: unknown }];
    if (operation.startsWith('create') && typeof target._id === 'string' && typeof target._type === 'string') {
      typeOfId.set(target._id, target._type);
    }
  }
  const types = new Set<string>();
  for (const mutation of mutations) {
    const [, target] = Object.entries(mutation)[0] as [string, { _id?: string; id?: string }];
    const type = typeOfId.get(target._id ?? target.id ?? '');
    if (!type) return null;
    types.add(type);
  }
  return types;
}
