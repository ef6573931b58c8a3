/**
 * Runs GROQ with groq-js over the published documents, with two speed-ups that keep its
 * semantics: synchronous evaluation (several times faster than the streaming evaluator), and
 * per-type partitions — a `*[...]` whose filter pins `_type` scans only documents of those types,
 * and one whose filter pins `_id` (`_id == $id`, `_id in $ids`) only those documents.
 * The same analysis tells which types a query can read, so a cache can keep its result across
 * writes to other types.
 */
import { evaluate, evaluateSync, parse, type ExprNode } from 'groq-js';
import { LRUCache } from 'lru-cache';
import type { QueryParams, SanityDocument } from './types';

export interface PublishedDocuments {
  all(): readonly SanityDocument[];
  ofType(type: string): readonly SanityDocument[];
  get(id: string): SanityDocument | undefined;
}

/** The `_type` values a filter admits: string literals plus the values of named parameters. */
type TypePin = { literals: string[]; parameters: string[] };

type CompiledQuery = {
  tree: ExprNode;
  /** `pin`: the `_type` values the scan admits (null: any); `idPin`: the `_id` values, if pinned. */
  partitions: Array<{ parameterName: string; pin: TypePin | null; idPin: TypePin | null }>;
  /** False when some `*` is not partitioned or a `->` may reach any document. */
  readsOnlyPartitions: boolean;
};

export class GroqEngine {
  private readonly compiled = new LRUCache<string, CompiledQuery>({ max: 500 });

  constructor(private readonly documents: PublishedDocuments) {}

  async run(query: string, params: QueryParams): Promise<unknown> {
    const { tree, partitions, readsOnlyPartitions } = this.compile(query);
    const evaluationParams: Record<string, unknown> = { ...params };
    for (const { parameterName, pin, idPin } of partitions) {
      const ids = idPin ? pinnedTypeNames(idPin, params) : null;
      const types = pin ? pinnedTypeNames(pin, params) : null;
      evaluationParams[parameterName] = ids
        ? this.documentsWithIds(ids)
        : types
          ? this.documentsOfTypes(types)
          : this.documents.all();
    }
    const options = {
      // Listing every document costs O(n) after each write; skipped when nothing reads it.
      dataset: readsOnlyPartitions ? [] : this.documents.all(),
      params: evaluationParams,
      // A map lookup instead of groq-js's linear scan of the dataset for every `->`.
      dereference: ({ _ref }: { _ref: string }) => this.documents.get(_ref) ?? null,
    };
    try {
      return evaluateSync(tree, options).data;
    } catch (error) {
      // A few constructs only the streaming evaluator supports; it gives the same results.
      if (error instanceof Error && /sync/i.test(error.message)) {
        return (await evaluate(tree, options)).get();
      }
      throw error;
    }
  }

  /** The document types the query can read with these parameters; null: possibly any. */
  readableTypes(query: string, params: QueryParams): string[] | null {
    const { partitions, readsOnlyPartitions } = this.compile(query);
    if (!readsOnlyPartitions) return null;
    const types = new Set<string>();
    for (const { pin } of partitions) {
      const pinned = pin ? pinnedTypeNames(pin, params) : null;
      if (!pinned) return null;
      for (const type of pinned) types.add(type);
    }
    return [...types].sort();
  }

  private compile(query: string): CompiledQuery {
    let compiled = this.compiled.get(query);
    if (!compiled) {
      const tree = parse(query);
      compiled = { tree, ...partitionTypedScans(tree) };
      this.compiled.set(query, compiled);
    }
    return compiled;
  }

  private documentsWithIds(ids: string[]): readonly SanityDocument[] {
    return [...new Set(ids)].flatMap((id) => this.documents.get(id) ?? []);
  }

  private documentsOfTypes(types: string[]): readonly SanityDocument[] {
    if (types.length === 1) return this.documents.ofType(types[0]);
    return types.flatMap((type) => this.documents.ofType(type));
  }
}

/**
 * The `_type` values a pin admits with these parameters, or null when a parameter is not a
 * string (or list of strings): such a filter matches no `_type` the usual way, so the caller
 * scans everything and lets the filter decide.
 */
function pinnedTypeNames(pin: TypePin, params: QueryParams): string[] | null {
  const types = new Set(pin.literals);
  for (const name of pin.parameters) {
    const value = params[name];
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (!values.every((item) => typeof item === 'string')) return null;
    for (const item of values) types.add(item as string);
  }
  return [...types];
}

/**
 * Replaces, in place, the `*` of every `*[filter]` whose filter pins `_type` with a parameter
 * that will hold just those types' documents. The filter itself stays, so results are identical.
 * The parameter names contain ":" and so cannot collide with a GROQ `$identifier`.
 */
function partitionTypedScans(tree: ExprNode): Omit<CompiledQuery, 'tree'> {
  const partitions: CompiledQuery['partitions'] = [];
  let readsOnlyPartitions = true;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const expression = node as ExprNode;
    if (expression.type === 'Filter' && expression.base.type === 'Everything') {
      const pin = pinnedValues(expression.expr, '_type');
      const idPin = pinnedValues(expression.expr, '_id');
      if (pin || idPin) {
        const parameterName = `partition:${partitions.length}`;
        partitions.push({ parameterName, pin, idPin });
        expression.base = { type: 'Parameter', name: parameterName };
        // An id-pinned scan of unknown types is cached by the store revision, not by type.
        if (!pin) readsOnlyPartitions = false;
      }
    }
    if (expression.type === 'Everything' || expression.type === 'Deref') readsOnlyPartitions = false;
    // A `Value` node holds user data, not syntax: nothing to rewrite inside it.
    if (expression.type === 'Value') return;
    Object.values(node).forEach(visit);
  };
  visit(tree);
  return { partitions, readsOnlyPartitions };
}

/** The values of `attribute` (`_type` or `_id`) a filter admits, or null when it admits any. */
function pinnedValues(expression: ExprNode, attribute: '_type' | '_id'): TypePin | null {
  switch (expression.type) {
    case 'Group':
      return pinnedValues(expression.base, attribute);
    case 'And':
      // Either conjunct restricting the attribute restricts the whole filter.
      return pinnedValues(expression.left, attribute) ?? pinnedValues(expression.right, attribute);
    case 'Or': {
      const left = pinnedValues(expression.left, attribute);
      const right = pinnedValues(expression.right, attribute);
      return left && right
        ? { literals: [...left.literals, ...right.literals], parameters: [...left.parameters, ...right.parameters] }
        : null;
    }
    case 'OpCall':
      if (expression.op === '==') {
        if (isAttribute(expression.left, attribute)) return typeOperand(expression.right);
        if (isAttribute(expression.right, attribute)) return typeOperand(expression.left);
      }
      if (expression.op === 'in' && isAttribute(expression.left, attribute)) {
        return typeListOperand(expression.right);
      }
      return null;
    default:
      return null;
  }
}

function isAttribute(expression: ExprNode, attribute: string): boolean {
  return (
    expression.type === 'AccessAttribute' &&
    expression.name === attribute &&
    (expression.base === undefined || expression.base.type === 'This')
  );
}

function typeOperand(expression: ExprNode): TypePin | null {
  if (expression.type === 'Value' && typeof expression.value === 'string') {
    return { literals: [expression.value], parameters: [] };
  }
  if (expression.type === 'Parameter') return { literals: [], parameters: [expression.name] };
  return null;
}

function typeListOperand(expression: ExprNode): TypePin | null {
  if (expression.type === 'Parameter') return { literals: [], parameters: [expression.name] };
  if (expression.type !== 'Array') return null;
  const literals: string[] = [];
  for (const element of expression.elements) {
    if (element.isSplat || element.value.type !== 'Value' || typeof element.value.value !== 'string') {
      return null;
    }
    literals.push(element.value.value);
  }
  return { literals, parameters: [] };
}
