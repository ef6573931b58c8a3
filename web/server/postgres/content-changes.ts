/**
 * A content change one instance learns of (the Sanity webhook, or a write of its own: a press
 * article) reaches every instance before that instance answers: it sends
 * `NOTIFY content_changed`; each instance `LISTEN`s on a connection of its own (outside the pool,
 * named LISTENER in pg_stat_activity), purges its caches and answers `NOTIFY content_purged`. The
 * announcing instance waits for the answers of every listener that was connected when it
 * announced (at most ACK_TIMEOUT_MS: a stuck instance must not hold the webhook or the writer), so
 * once the webhook or the write is answered, every instance serves the change. A write that names
 * the document types it touched has the others drop only the queries of those types (a press
 * article keeps their cached settings).
 *
 * A listener that loses its connection (or cannot open it at start: the database is away)
 * reconnects every RETRY_MS and purges once it is back, since a change may have been announced
 * while it was away.
 *
 * An instance whose content is its own (the embedded store) holds a session advisory lock on its
 * listening connection, and runs only alone on the database: beside any other instance the two
 * would show different content, so whichever starts second does not start (StartRefusedError).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { StartRefusedError } from '../config';
import { writtenTypes } from '../content/mutations';
import type { ContentSource, Mutation, MutationResult, PreviewPerspective, QueryParams, QueryResult } from '../content/types';
import { DependencyState, isConnectionError } from '../observability/dependency-state';
import { errorField, log } from '../observability/log';

const CHANGED = 'content_changed';
const PURGED = 'content_purged';
/** The listening connections' application_name: how an instance counts the others. */
export const LISTENER = 'cheonghak-content-listener';
/** The advisory lock an instance with the embedded content store holds while it runs (two keys: a space of ours, and 0). */
const OWN_CONTENT_LOCK = [29_002, 0] as const;
const OWN_CONTENT_NOT_ALONE =
  '내장 콘텐츠 저장소(DATA_DIR/content.sqlite)는 서버마다 따로라서 같은 DATABASE_URL로 다른 서버가 실행 중이면 시작하지 않습니다: 여러 대로 운영하려면 모든 서버에 SANITY_PROJECT_ID를 설정하세요 / ' +
  "Not starting: the embedded content store (DATA_DIR/content.sqlite) is this instance's own and another instance already runs on this DATABASE_URL; set SANITY_PROJECT_ID on every instance to run several";
const OTHER_HAS_OWN_CONTENT =
  '같은 DATABASE_URL로 실행 중인 다른 서버가 콘텐츠를 자기 내장 저장소(DATA_DIR/content.sqlite)에 두고 있어 시작하지 않습니다: 여러 대로 운영하려면 모든 서버에 SANITY_PROJECT_ID를 설정하세요 / ' +
  'Not starting: another instance on this DATABASE_URL keeps its content in its own embedded store (DATA_DIR/content.sqlite); set SANITY_PROJECT_ID on every instance to run several';
const ACK_TIMEOUT_MS = 2000;
/** One connection attempt per second costs the database nothing, and the instance is back within a second of it. */
const RETRY_MS = 1000;

type Waiting = { left: number; done: () => void };
/** Drops cached content: all of it, or what reads `types`. */
type Purge = (types?: ReadonlySet<string>) => void;

export class ContentChanges {
  private listener: { client: pg.Client; pid: number } | null = null;
  private readonly waiting = new Map<string, Waiting>();
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly state = new DependencyState('postgres-content-listener');

  private constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly purge: Purge,
    private readonly ownContent: boolean,
  ) {}

  /**
   * Listens from now on (or from when the database is reachable); `purge` runs for every change
   * another instance announces. `ownContent` (the embedded store): refused with a
   * StartRefusedError while another such instance runs on the database.
   */
  static async start(url: string, pool: pg.Pool, purge: Purge, { ownContent = false } = {}): Promise<ContentChanges> {
    const changes = new ContentChanges(url, pool, purge, ownContent);
    await changes.listen().then(
      () => changes.state.back(),
      (error: unknown) => {
        if (error instanceof StartRefusedError) throw error;
        changes.state.lost(error);
        changes.reconnectLater();
      },
    );
    return changes;
  }

  /** Whether the listening connection is open (the metrics' listener state). */
  get listening(): boolean {
    return this.listener !== null;
  }

  /**
   * Tells every other instance to purge (this one purged already) and waits until they did;
   * `types`: only the queries of these document types.
   */
  async announce(types?: ReadonlySet<string>): Promise<void> {
    const id = randomUUID();
    const own = this.listener;
    const typeList = types ? [...types].join(',') : '';
    if (!own) {
      // Without a listener, no answer could reach this instance: announce only.
      await this.pool.query('SELECT pg_notify($1, $2)', [CHANGED, `0:${id}:${typeList}`]);
      return;
    }
    const { rows } = await this.pool.query<{ others: number }>(
      'SELECT count(*)::int AS others FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() AND pid <> $2',
      [LISTENER, own.pid],
    );
    let timer: NodeJS.Timeout | undefined;
    const purged = new Promise<void>((resolve) => {
      this.waiting.set(id, { left: rows[0].others, done: resolve });
      timer = setTimeout(() => {
        log.warn({ timeoutMs: ACK_TIMEOUT_MS }, 'content changes: not every instance confirmed its purge in time');
        resolve();
      }, ACK_TIMEOUT_MS);
    });
    try {
      await this.pool.query('SELECT pg_notify($1, $2)', [CHANGED, `${own.pid}:${id}:${typeList}`]);
      if (rows[0].others > 0) await purged;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.listener?.client;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: LISTENER });
    const lost = (reason: string) => {
      if (this.listener?.client !== client || this.closed) return;
      this.listener = null;
      this.state.lost(new Error(reason));
      void client.end().catch(() => undefined);
      this.reconnectLater();
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('closed'));
    // A change's payload: `<the announcing instance's listener pid>:<change id>:<types, comma-separated; none: all>`.
    client.on('notification', ({ channel, payload = '' }) => {
      const [from, id, typeList] = payload.split(':');
      if (channel === PURGED) this.confirmed(payload);
      // Another instance's change: purge, then say so (its own are purged before announcing).
      else if (channel === CHANGED && id && from !== String(this.listener?.pid)) {
        this.purge(typeList ? new Set(typeList.split(',')) : undefined);
        client.query('SELECT pg_notify($1, $2)', [PURGED, id]).catch((error: unknown) => lost((error as Error).message));
      }
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await client.query(`LISTEN ${CHANGED}; LISTEN ${PURGED}`);
      await this.refuseSplitContent(client);
      this.listener = { client, pid: rows[0].pid };
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /**
   * With content of its own, takes the lock (held as long as this connection lives; a reconnect
   * takes it again) and checks that no other instance listens; else checks that no instance holds it.
   */
  private async refuseSplitContent(client: pg.Client): Promise<void> {
    if (this.ownContent) {
      const { rows } = await client.query<{ granted: boolean; others: number }>(
        `SELECT pg_try_advisory_lock($1, $2) AS granted,
           (SELECT count(*)::int FROM pg_stat_activity WHERE application_name = $3 AND datname = current_database() AND pid <> pg_backend_pid()) AS others`,
        [...OWN_CONTENT_LOCK, LISTENER],
      );
      if (!rows[0].granted || rows[0].others > 0) throw new StartRefusedError(OWN_CONTENT_NOT_ALONE);
      return;
    }
    const { rows } = await client.query<{ held: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
       ) AS held`,
      [...OWN_CONTENT_LOCK],
    );
    if (rows[0].held) throw new StartRefusedError(OTHER_HAS_OWN_CONTENT);
  }

  private confirmed(id: string): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    waiting.left -= 1;
    if (waiting.left <= 0) waiting.done();
  }

  private reconnectLater(): void {
    this.retryTimer = setTimeout(() => {
      if (this.closed) return;
      this.listen().then(
        () => {
          this.state.back();
          // Changes announced while away were missed.
          this.purge();
        },
        (error: unknown) => {
          this.state.lost(error);
          if (!this.closed) this.reconnectLater();
        },
      );
    }, RETRY_MS);
    this.retryTimer.unref();
  }
}

/**
 * `source`, whose writes are announced to the other instances once they succeeded, so that a
 * press article written here is listed there as soon as this instance answers (not when Sanity's
 * webhook comes).
 */
export class AnnouncingContentSource implements ContentSource {
  constructor(
    private readonly source: ContentSource,
    private readonly changes: Pick<ContentChanges, 'announce'>,
  ) {}

  fetch<const Query extends string>(query: Query, params?: QueryParams): Promise<QueryResult<Query>> {
    return this.source.fetch(query, params);
  }

  drafts(perspective?: PreviewPerspective): ContentSource {
    return new AnnouncingContentSource(this.source.drafts(perspective), this.changes);
  }

  async mutate(mutations: Mutation[], options?: { transactionId?: string }): Promise<MutationResult> {
    const result = await this.source.mutate(mutations, options);
    // Stored already: if the others cannot be told, they learn it from the webhook or their cache's TTL.
    await this.changes.announce(writtenTypes(mutations) ?? undefined).catch((error: unknown) => {
      // The database away: the listener's lost/back lines say so once, not one line per view-count flush.
      if (!isConnectionError(error)) log.warn({ err: errorField(error) }, 'content changes: other instances were not told of a write');
    });
    return result;
  }

  invalidate(types?: ReadonlySet<string>): void {
    this.source.invalidate(types);
  }

  changeVersion(): string {
    return this.source.changeVersion();
  }

  close(): Promise<void> {
    return this.source.close();
  }
}
