/**
 * A strict stand-in for Sanity's Content Lake HTTP API, for every Sanity-mode test. Each behaviour
 * and the Sanity documentation it follows is listed in docs/sanity-stand-in.md. In short:
 * one store per dataset; tokens with a role per dataset (none / viewer / editor); perspectives as
 * the requested API version defines them; content source maps when asked; a CDN host that caches
 * answers until a write to a published document invalidates the whole dataset (after a
 * propagation delay), stale-while-revalidate unless `cacheMode=noStale`; 429 past a mutation rate; `dryRun` checked like a write; only the
 * real paths (anything else is 404).
 *
 * Requests reach it either through the real host names (tests/support/route-sanity-hosts.mjs:
 * the Host header tells `<project>.api.sanity.io` from `<project>.apicdn.sanity.io`) or, for
 * in-process tests of one source, as a custom `apiHost` (then every request counts as the API).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { evaluate, parse } from 'groq-js';
import { applyTransaction, newTransactionId } from '../../web/server/content/mutations';
import { MutationError, type Mutation, type SanityDocument } from '../../web/server/content/types';

export type Role = 'viewer' | 'editor';
/** A token's role in every dataset, or per dataset (a dataset left out: no access). */
export type Grant = Role | Record<string, Role>;

export const EDITOR_TOKEN = 'write-token';
export const VIEWER_TOKEN = 'viewer-token';

export type ContentLakeOptions = {
  projectId?: string;
  /** Dataset name → whether anonymous requests may read its published documents. */
  datasets?: Record<string, 'public' | 'private'>;
  tokens?: Record<string, Grant>;
  /**
   * How long the API CDN takes to apply an invalidation (ms; Sanity: 30–60 s). Every write to a
   * non-draft document invalidates the whole dataset's cached answers.
   */
  cdnPropagationMs?: number;
  /** The clock of the CDN's cache and invalidations (tests move it instead of waiting). */
  now?: () => number;
  /** Mutation requests accepted per second (Sanity: 25 per IP); more answer 429. */
  mutationsPerSecond?: number;
  /**
   * Writes with `visibility=async`, and the Actions API's (the Studio's), become visible to
   * queries this much later (ms, on the lake's clock).
   */
  asyncVisibilityMs?: number;
};

export type LakeRequest = {
  host: string;
  /** Path and search parameters as sent. */
  url: URL;
  /** Whether it came through the CDN host. */
  cdn: boolean;
  method: string;
  /** `query`, `mutate`, `actions`, `listen`, `doc`, `history`, `assets` or null (an unknown path). */
  endpoint: string | null;
  dataset: string | null;
  perspective: string | null;
  authorization: string | undefined;
  query?: string;
  resultSourceMap: boolean;
  status: number;
  /** A CDN query: answered from its cache (`hit`), from an invalidated entry while it refreshes (`stale`), or from the origin (`miss`). */
  cdnCache?: 'hit' | 'stale' | 'miss';
};

const API_VERSION_PATTERN = /^v(?:1|X|(\d{4})-(\d{2})-(\d{2}))$/;
/** The first dated API version, and the one from which `published` is the default perspective. */
const FIRST_DATED_VERSION = '2021-03-25';
const PUBLISHED_BY_DEFAULT_FROM = '2025-02-19';
const DRAFTS_PREFIX = 'drafts.';
const VERSIONS_PREFIX = 'versions.';
/** A release's id as it appears in `versions.<release>.<id>` and in a perspective stack. */
const RELEASE_ID = /^[A-Za-z0-9_-]+$/;

/** `published`, `raw`, or a stack of layers over the published documents (release ids, `drafts`), first wins. */
type Perspective = 'published' | 'raw' | string[];

class DatasetStore {
  /** What the API answers from. */
  readonly api = new Map<string, SanityDocument>();
  /**
   * The CDN's cached answers: request → answer, when the CDN fetched it from the origin, and how
   * many invalidations had been issued by then.
   */
  readonly cdnCache = new Map<string, { payload: unknown; cachedAt: number; issued: number }>();
  /** When each invalidation of the dataset reaches the CDN. */
  readonly cdnInvalidations: number[] = [];
  readonly transactionIds = new Set<string>();

  constructor(private readonly lake: ContentLake) {}

  /** Every stored document, drafts included. */
  documents(): SanityDocument[] {
    this.applyDueWrites();
    return [...this.api.values()];
  }

  get(id: string): SanityDocument | undefined {
    this.applyDueWrites();
    return this.api.get(id);
  }

  /**
   * Commits a transaction as the API does (all or nothing); `visibility: 'async'` (how the Studio
   * writes) shows it to queries only after the lake's asyncVisibilityMs.
   */
  mutate(mutations: Mutation[], options: { transactionId?: string; visibility?: string; dryRun?: boolean } = {}) {
    const transactionId = options.transactionId ?? newTransactionId();
    if (this.transactionIds.has(transactionId)) throw new MutationError(`Transaction ID "${transactionId}" already exists`, 409);
    const { changes, results } = applyTransaction(mutations, (id) => this.api.get(id), transactionId, new Date().toISOString());
    if (options.dryRun) return { transactionId, results };
    this.transactionIds.add(transactionId);
    const apply = () => {
      for (const [id, change] of changes) {
        if (change) this.api.set(id, change.document);
        else this.api.delete(id);
      }
      this.lake.committed(this, changes);
    };
    const delay = options.visibility === 'async' ? this.lake.asyncVisibilityMs : 0;
    if (delay > 0) this.pending.push({ visibleAt: this.lake.now() + delay, apply });
    else apply();
    return { transactionId, results };
  }

  /** Async writes not yet visible, in commit order; applied once the lake's clock reaches them. */
  private readonly pending: Array<{ visibleAt: number; apply: () => void }> = [];

  applyDueWrites(): void {
    while (this.pending.length > 0 && this.pending[0].visibleAt <= this.lake.now()) this.pending.shift()!.apply();
  }

  /**
   * The Actions API (how the Studio commits edits): each action becomes the mutations it stands
   * for, read against the documents as they are, and all of them one transaction, visible
   * asynchronously as the Studio's writes are.
   */
  act(actions: DocumentAction[], options: { transactionId?: string; dryRun?: boolean } = {}) {
    const mutations = actions.flatMap((action) => actionMutations(action, (id) => this.api.get(id)));
    return { ...this.mutate(mutations, { ...options, visibility: 'async' }), mutations };
  }
}

/** A document action as the Actions API takes it. */
export type DocumentAction = { actionType: string } & Record<string, unknown>;

function withoutSystemFields(document: SanityDocument, id: string): SanityDocument {
  const { _rev: _revision, _createdAt: _created, _updatedAt: _updated, ...fields } = document;
  return { ...fields, _id: id } as SanityDocument;
}

function actionMutations(action: DocumentAction, get: (id: string) => SanityDocument | undefined): Mutation[] {
  const text = (key: string) => {
    const value = action[key];
    if (typeof value !== 'string' || value === '') throw new MutationError(`${action.actionType}: "${key}" is required`);
    return value;
  };
  switch (action.actionType) {
    case 'sanity.action.document.create': {
      const attributes = {
        ...(action.attributes as Record<string, unknown>),
        _id: (action.attributes as { _id?: string })?._id ?? `${DRAFTS_PREFIX}${text('publishedId')}`,
      } as SanityDocument;
      return [action.ifExists === 'ignore' ? { createIfNotExists: attributes } : { create: attributes }];
    }
    case 'sanity.action.document.edit': {
      const draftId = text('draftId');
      const published = get(text('publishedId'));
      if (!get(draftId) && !published) throw new MutationError(`Document "${draftId}" does not exist`, 404);
      // Editing a published document starts its draft from it.
      const base: Mutation[] = get(draftId) ? [] : [{ createIfNotExists: withoutSystemFields(published!, draftId) }];
      return [...base, { patch: { ...(action.patch as object), id: draftId } } as Mutation];
    }
    case 'sanity.action.document.publish': {
      const [draftId, publishedId] = [text('draftId'), text('publishedId')];
      const draft = get(draftId);
      if (!draft) throw new MutationError(`There is no draft "${draftId}" to publish`, 409);
      if (action.ifDraftRevisionId !== undefined && draft._rev !== action.ifDraftRevisionId)
        throw new MutationError(`Draft "${draftId}" has another revision`, 409);
      if (action.ifPublishedRevisionId !== undefined && get(publishedId)?._rev !== action.ifPublishedRevisionId)
        throw new MutationError(`Document "${publishedId}" has another revision`, 409);
      return [{ createOrReplace: withoutSystemFields(draft, publishedId) }, { delete: { id: draftId } }];
    }
    case 'sanity.action.document.unpublish': {
      const [draftId, publishedId] = [text('draftId'), text('publishedId')];
      const published = get(publishedId);
      if (!published) throw new MutationError(`Document "${publishedId}" is not published`, 409);
      return [{ createIfNotExists: withoutSystemFields(published, draftId) }, { delete: { id: publishedId } }];
    }
    case 'sanity.action.document.discard': {
      const draftId = text('draftId');
      if (!get(draftId)) throw new MutationError(`There is no draft "${draftId}" to discard`, 409);
      return [{ delete: { id: draftId } }];
    }
    case 'sanity.action.document.delete': {
      const drafts = Array.isArray(action.includeDrafts) ? (action.includeDrafts as string[]) : [];
      return [text('publishedId'), ...drafts].map((id) => ({ delete: { id } }));
    }
    default:
      throw new MutationError(`Unknown action type "${String(action.actionType)}"`, 400);
  }
}

export class ContentLake {
  /** Every request answered, in order. */
  readonly requests: LakeRequest[] = [];
  /** The mutations of every committed mutate request, with its dataset, in order. */
  readonly mutations: Array<{ dataset: string; mutations: Mutation[] }> = [];
  /** When true every request answers 503. */
  down = false;
  /** How far ahead `now()` in queries answers (to expire time-limited documents such as preview secrets). */
  clockAheadMs = 0;
  readonly projectId: string;
  readonly asyncVisibilityMs: number;
  readonly cdnPropagationMs: number;
  readonly now: () => number;
  private readonly datasets = new Map<string, { store: DatasetStore; visibility: 'public' | 'private' }>();
  private readonly tokens: Record<string, Grant>;
  private readonly mutationsPerSecond: number;
  private mutationTimes: number[] = [];
  private seeding = false;
  private readonly listeners = new Set<http.ServerResponse>();
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => this.answer(req, Buffer.concat(chunks), res));
  });

  constructor(options: ContentLakeOptions = {}) {
    this.projectId = options.projectId ?? 'test';
    this.tokens = options.tokens ?? { [EDITOR_TOKEN]: 'editor', [VIEWER_TOKEN]: 'viewer' };
    this.cdnPropagationMs = options.cdnPropagationMs ?? 0;
    this.now = options.now ?? Date.now;
    this.mutationsPerSecond = options.mutationsPerSecond ?? 25;
    this.asyncVisibilityMs = options.asyncVisibilityMs ?? 0;
    const datasets: Record<string, 'public' | 'private'> = options.datasets ?? { production: 'public', leads: 'private' };
    for (const [name, visibility] of Object.entries(datasets)) {
      this.datasets.set(name, { store: new DatasetStore(this), visibility });
    }
  }

  /** Loads each dataset's documents (as `sanity dataset import` would) and listens; resolves to its URL. */
  async start(seed: Record<string, object[]> = {}): Promise<string> {
    // An import: on the API and the CDN at once.
    this.seeding = true;
    for (const [name, documents] of Object.entries(seed)) {
      if (documents.length > 0) this.dataset(name).mutate(documents.map((document) => ({ createOrReplace: document }) as Mutation));
    }
    this.seeding = false;
    this.mutations.length = 0;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Environment for a child process (the site) that reaches this stand-in through Sanity's real host names. */
  get childEnv(): Record<string, string> {
    const preload = new URL('./route-sanity-hosts.mjs', import.meta.url).href;
    return { CONTENT_LAKE_STAND_IN: this.url, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim() };
  }

  dataset(name: string): DatasetStore {
    const dataset = this.datasets.get(name);
    if (!dataset) throw new Error(`no dataset ${name}`);
    return dataset.store;
  }

  async stop(): Promise<void> {
    for (const listener of this.listeners) listener.end();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** After a commit: a write to a non-draft document invalidates the CDN's whole dataset (an import does not). */
  committed(store: DatasetStore, changes: Map<string, { document: SanityDocument } | null>): void {
    if (!this.seeding && [...changes.keys()].some((id) => !id.startsWith(DRAFTS_PREFIX))) {
      store.cdnInvalidations.push(this.now() + this.cdnPropagationMs);
    }
    for (const listener of this.listeners) listener.write(`event: mutation\ndata: ${JSON.stringify({ documentIds: [...changes.keys()] })}\n\n`);
  }

  private async answer(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://lake');
    const host = String(req.headers['x-sanity-host'] ?? req.headers.host ?? '').replace(/:\d+$/, '');
    const cdn = host.endsWith('.apicdn.sanity.io');
    const record: LakeRequest = {
      host,
      url,
      cdn,
      method: req.method ?? 'GET',
      endpoint: null,
      dataset: null,
      perspective: url.searchParams.get('perspective'),
      authorization: req.headers.authorization,
      resultSourceMap: Boolean(url.searchParams.get('resultSourceMap')),
      status: 0,
    };
    this.requests.push(record);
    const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
    };
    const refuse = (status: number, description: string, type = 'httpError') => reply(status, { error: { description, type }, statusCode: status });
    if (this.down) return refuse(503, 'Service unavailable');

    const projectHost = /^([a-z0-9-]+)\.(api|apicdn)\.sanity\.io$/.exec(host);
    if (projectHost && projectHost[1] !== this.projectId) return refuse(404, `Project "${projectHost[1]}" not found`);
    const match =
      /^\/(v[^/]+)\/data\/(query|mutate|actions|listen|doc|history)\/([^/]+)(?:\/(.*))?$/.exec(url.pathname) ??
      /^\/(v[^/]+)\/(assets)\/images\/([^/]+)$/.exec(url.pathname);
    if (!match) return refuse(404, 'Not found');
    const [, version, endpoint, datasetName, rest] = match;
    record.endpoint = endpoint;
    record.dataset = datasetName;
    const dated = API_VERSION_PATTERN.exec(version);
    const today = new Date().toISOString().slice(0, 10);
    const day = dated?.[1] ? `${dated[1]}-${dated[2]}-${dated[3]}` : null;
    if (!dated || (day && (day < FIRST_DATED_VERSION || day > today || Number.isNaN(Date.parse(day))))) {
      return refuse(400, `Invalid API version "${version}"`);
    }
    const dataset = this.datasets.get(datasetName);
    if (!dataset) return refuse(404, `Dataset "${datasetName}" not found`);
    const role = this.roleOf(req.headers.authorization, datasetName);
    if (role === 'invalid') return refuse(401, 'Unauthorized - Session not found');
    if (cdn && endpoint !== 'query') return refuse(endpoint === 'mutate' || endpoint === 'actions' ? 405 : 404, 'The API CDN only serves /data/query');
    dataset.store.applyDueWrites();

    try {
      if (endpoint === 'query') {
        if (req.method !== 'GET' && req.method !== 'POST') return refuse(405, 'Method not allowed');
        const fromBody = req.method === 'POST' ? (JSON.parse(body.toString('utf8') || '{}') as { query?: string; params?: Record<string, unknown> }) : null;
        const query = fromBody?.query ?? url.searchParams.get('query');
        if (!query) return refuse(400, 'Missing query', 'queryParseError');
        record.query = query;
        const params: Record<string, unknown> = { ...fromBody?.params };
        for (const [key, value] of url.searchParams) if (key.startsWith('$')) params[key.slice(1)] = JSON.parse(value);
        const perspective = this.perspective(record.perspective, day);
        if (perspective === null) return refuse(400, `Invalid perspective "${record.perspective}"`);
        if (cdn && perspective !== 'published' && perspective !== 'raw')
          return refuse(400, `The ${record.perspective} perspective is not available on the API CDN`);
        const visible = this.visibleDocuments(
          dataset.store.api,
          role === 'none' ? null : role,
          dataset.visibility,
          perspective,
          (day ?? FIRST_DATED_VERSION) >= PUBLISHED_BY_DEFAULT_FROM,
        );
        const clockedQuery = this.clockAheadMs ? query.replaceAll('now()', `"${new Date(Date.now() + this.clockAheadMs).toISOString()}"`) : query;
        let tree;
        try {
          tree = parse(clockedQuery, { params });
        } catch (error) {
          return refuse(400, (error as Error).message, 'queryParseError');
        }
        const answer = async () => {
          const result = await (await evaluate(tree, { dataset: visible, params })).get();
          const payload: Record<string, unknown> = { query, result, ms: 1 };
          if (record.resultSourceMap) payload.resultSourceMap = sourceMap(result, visible);
          return payload;
        };
        if (!cdn) return reply(200, await answer());
        return this.answerFromCdn(
          dataset.store,
          `${req.method} ${url.search} ${body.toString('utf8')} ${req.headers.authorization ?? ''}`,
          url.searchParams.get('cacheMode') === 'noStale',
          answer,
          record,
          reply,
        );
      }
      if (endpoint === 'mutate') {
        if (req.method !== 'POST') return refuse(405, 'Method not allowed');
        if (role === null) return refuse(401, 'Unauthorized - Session not found');
        if (role !== 'editor') return refuse(403, 'Insufficient permissions; permission "create" required', 'mutationError');
        if (!this.withinMutationRate()) return reply(429, { error: { description: 'API rate limit exceeded', type: 'httpError' } }, { 'retry-after': '1' });
        const request = JSON.parse(body.toString('utf8')) as { mutations: Mutation[]; transactionId?: string; dryRun?: boolean };
        const { mutations } = request;
        // Both may come as query parameters or in the body.
        const transactionId = request.transactionId ?? url.searchParams.get('transactionId') ?? undefined;
        const dryRun = request.dryRun === true || url.searchParams.get('dryRun') === 'true';
        const result = dataset.store.mutate(mutations, {
          transactionId,
          visibility: url.searchParams.get('visibility') ?? 'sync',
          dryRun,
        });
        if (!dryRun) this.mutations.push({ dataset: datasetName, mutations });
        return reply(200, result);
      }
      if (endpoint === 'actions') {
        if (req.method !== 'POST') return refuse(405, 'Method not allowed');
        if (role === null) return refuse(401, 'Unauthorized - Session not found');
        if (role !== 'editor') return refuse(403, 'Insufficient permissions; permission "update" required', 'actionError');
        if (!this.withinMutationRate()) return reply(429, { error: { description: 'API rate limit exceeded', type: 'httpError' } }, { 'retry-after': '1' });
        const request = JSON.parse(body.toString('utf8')) as { actions?: DocumentAction[]; transactionId?: string; dryRun?: boolean };
        if (!Array.isArray(request.actions) || request.actions.length === 0) return refuse(400, 'The request needs a non-empty "actions" array', 'actionError');
        const { transactionId, mutations } = dataset.store.act(request.actions, { transactionId: request.transactionId, dryRun: request.dryRun === true });
        if (request.dryRun !== true) this.mutations.push({ dataset: datasetName, mutations });
        return reply(200, { transactionId });
      }
      if (endpoint === 'doc') {
        if ((role === null || role === 'none') && (dataset.visibility === 'private' || !isRootPath(rest ?? '')))
          return reply(200, { documents: [], omitted: [{ id: rest, reason: 'permission' }] });
        const document = dataset.store.api.get(rest ?? '');
        return reply(200, { documents: document ? [document] : [] });
      }
      if (endpoint === 'listen') {
        if ((role === null || role === 'none') && dataset.visibility === 'private') return refuse(401, 'Unauthorized - Session not found');
        record.status = 200;
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: welcome\ndata: {}\n\n');
        this.listeners.add(res);
        req.on('close', () => this.listeners.delete(res));
        return;
      }
      // History and uploads are not used by the site: refused as an unauthorised caller would be.
      return role === 'editor' ? refuse(501, `${endpoint} is not implemented by the stand-in`) : refuse(401, 'Unauthorized - Session not found');
    } catch (error) {
      if (error instanceof MutationError) return reply(error.statusCode, { error: { description: error.message, type: 'mutationError' } });
      if (error instanceof SyntaxError) return refuse(400, error.message);
      return refuse(400, (error as Error).message, 'queryParseError');
    }
  }

  /**
   * The API CDN: an answer cached since the last invalidation that reached it is a hit; an answer
   * cached before it is stale: served while the CDN refreshes it from the origin, unless the
   * request says `cacheMode=noStale` (then it waits for the origin, as on a miss).
   */
  private async answerFromCdn(
    store: DatasetStore,
    key: string,
    noStale: boolean,
    answer: () => Promise<unknown>,
    record: LakeRequest,
    reply: (status: number, payload: unknown) => void,
  ): Promise<void> {
    const now = this.now();
    const cached = store.cdnCache.get(key);
    // An invalidation issued before the answer was cached removes it only if it landed later.
    const invalidated = cached !== undefined && store.cdnInvalidations.some((at, index) => at <= now && (index >= cached.issued || at > cached.cachedAt));
    if (cached && !invalidated) {
      record.cdnCache = 'hit';
      return reply(200, cached.payload);
    }
    if (cached && !noStale) {
      record.cdnCache = 'stale';
      reply(200, cached.payload);
      store.cdnCache.set(key, { payload: await answer(), cachedAt: now, issued: store.cdnInvalidations.length });
      return;
    }
    record.cdnCache = 'miss';
    const payload = await answer();
    store.cdnCache.set(key, { payload, cachedAt: now, issued: store.cdnInvalidations.length });
    reply(200, payload);
  }

  /** null: anonymous; 'none': a valid token without a role in this dataset (it reads what anyone may). */
  private roleOf(authorization: string | undefined, dataset: string): Role | 'none' | null | 'invalid' {
    if (!authorization) return null;
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    const grant = token ? this.tokens[token] : undefined;
    if (!grant) return 'invalid';
    return typeof grant === 'string' ? grant : (grant[dataset] ?? 'none');
  }

  /**
   * The perspective a query reads with, as its API version defines it; null: not a perspective.
   * A stack (`rSpring,drafts`: release ids, `drafts`, `published`, comma-separated, first wins)
   * exists from 2025-02-19; `raw` cannot be stacked.
   */
  private perspective(requested: string | null, day: string | null): Perspective | null {
    const dated = day ?? FIRST_DATED_VERSION;
    const current = dated >= PUBLISHED_BY_DEFAULT_FROM;
    if (requested === null || requested === '') return current ? 'published' : 'raw';
    if (requested === 'published' || requested === 'raw') return requested;
    // `previewDrafts` is the old name of `drafts`, still accepted; `drafts` arrived with 2025-02-19.
    if (requested === 'previewDrafts') return ['drafts'];
    if (!current) return null;
    const layers = requested.split(',');
    if (!layers.every((layer) => layer !== 'raw' && RELEASE_ID.test(layer))) return null;
    return layers.filter((layer) => layer !== 'published');
  }

  /**
   * The documents a query sees: anonymous callers only published documents on the root path of
   * a public dataset (drafts, versions and ids with a `.` path need a token); the perspective then
   * picks published ones, shows everything (`raw`), or lays a stack over them: for each document
   * the first of its release versions and draft in the stack's order, else the published one,
   * under the published id with `_originalId`.
   */
  private visibleDocuments(
    source: Map<string, SanityDocument>,
    role: Role | null,
    visibility: 'public' | 'private',
    perspective: Perspective,
    withVersions: boolean,
  ): SanityDocument[] {
    if (role === null && visibility === 'private') return [];
    const readable = [...source.values()].filter((document) => role !== null || isRootPath(document._id));
    // Release versions show in `raw` only from API version 2025-02-19.
    if (perspective === 'raw') return readable.filter((document) => withVersions || !document._id.startsWith(VERSIONS_PREFIX));
    const published = readable.filter((document) => !document._id.startsWith(DRAFTS_PREFIX) && !document._id.startsWith(VERSIONS_PREFIX));
    if (perspective === 'published') return published;
    const byId = new Map(published.map((document) => [document._id, document]));
    const layerOf = (id: string): { layer: string; publishedId: string } | null => {
      if (id.startsWith(DRAFTS_PREFIX)) return { layer: 'drafts', publishedId: id.slice(DRAFTS_PREFIX.length) };
      const version = /^versions\.([^.]+)\.(.+)$/.exec(id);
      return version ? { layer: version[1], publishedId: version[2] } : null;
    };
    const chosenRank = new Map<string, number>();
    for (const document of readable) {
      const origin = layerOf(document._id);
      const rank = origin ? perspective.indexOf(origin.layer) : -1;
      if (!origin || rank < 0 || rank >= (chosenRank.get(origin.publishedId) ?? Infinity)) continue;
      chosenRank.set(origin.publishedId, rank);
      byId.set(origin.publishedId, { ...document, _id: origin.publishedId, _originalId: document._id });
    }
    return [...byId.values()];
  }

  private withinMutationRate(): boolean {
    const now = Date.now();
    this.mutationTimes = this.mutationTimes.filter((time) => now - time < 1000);
    if (this.mutationTimes.length >= this.mutationsPerSecond) return false;
    this.mutationTimes.push(now);
    return true;
  }
}

/** Published documents of a public dataset are readable by anyone only on the root path (no `.` in the id). */
function isRootPath(id: string): boolean {
  return !id.includes('.');
}

type PathSegment = string | number | { _key: string };

function jsonPath(path: PathSegment[]): string {
  return `$${path
    .map((segment) => {
      if (typeof segment === 'number') return `[${segment}]`;
      if (typeof segment === 'string') return `['${segment.replace(/['\\]/g, (c) => `\\${c}`)}']`;
      return `[?(@._key=='${segment._key.replace(/['\\]/g, (c) => `\\${c}`)}')]`;
    })
    .join('')}`;
}

/**
 * A Content Source Map for `result`: each string in it is traced to the document field it was
 * read from (found by value among the documents the query could see; system fields included,
 * so `_id` and `_type` trace to themselves), in the shape the Content Lake returns.
 */
function sourceMap(result: unknown, documents: SanityDocument[]) {
  const origins = new Map<string, { document: number; path: PathSegment[] }>();
  documents.forEach((document, index) => {
    const walk = (value: unknown, path: PathSegment[]) => {
      if (typeof value === 'string') {
        if (!origins.has(value)) origins.set(value, { document: index, path });
      } else if (Array.isArray(value)) {
        value.forEach((item, i) => walk(item, [...path, item && typeof item === 'object' && typeof item._key === 'string' ? { _key: item._key } : i]));
      } else if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
      }
    };
    walk(document, []);
  });
  const usedDocuments: Array<{ _id: string; _type: string }> = [];
  const documentIndex = new Map<number, number>();
  const paths: string[] = [];
  const mappings: Record<string, unknown> = {};
  const walkResult = (value: unknown, resultPath: Array<string | number>) => {
    if (typeof value === 'string') {
      const origin = origins.get(value);
      if (!origin) return;
      if (!documentIndex.has(origin.document)) {
        const document = documents[origin.document];
        documentIndex.set(origin.document, usedDocuments.length);
        usedDocuments.push({ _id: String(document._originalId ?? document._id), _type: document._type });
      }
      paths.push(jsonPath(origin.path));
      mappings[jsonPath(resultPath)] = {
        type: 'value',
        source: { type: 'documentValue', document: documentIndex.get(origin.document), path: paths.length - 1 },
      };
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => walkResult(item, [...resultPath, i]));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walkResult(item, [...resultPath, key]);
    }
  };
  walkResult(result, []);
  return { documents: usedDocuments, paths, mappings };
}
