/**
 * A content change one instance learns of (the Sanity webhook) reaches every instance before that
 * instance answers: it sends `NOTIFY content_changed`; each instance `LISTEN`s on a connection of
 * its own (outside the pool, named LISTENER in pg_stat_activity), purges its caches and answers
 * `NOTIFY content_purged`. The announcing instance waits for the answers of every listener that was
 * connected when it announced (at most ACK_TIMEOUT_MS: a stuck instance must not hold the
 * webhook), so once the webhook is answered, every instance serves the change.
 *
 * A listener that loses its connection (or cannot open it at start: the database is away)
 * reconnects every RETRY_MS and purges once it is back, since a change may have been announced
 * while it was away.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DependencyState } from '../observability/dependency-state';
import { log } from '../observability/log';

const CHANGED = 'content_changed';
const PURGED = 'content_purged';
/** The listening connections' application_name: how an instance counts the others. */
export const LISTENER = 'cheonghak-content-listener';
const ACK_TIMEOUT_MS = 2000;
/** One connection attempt per second costs the database nothing, and the instance is back within a second of it. */
const RETRY_MS = 1000;

type Waiting = { left: number; done: () => void };

export class ContentChanges {
  private listener: { client: pg.Client; pid: number } | null = null;
  private readonly waiting = new Map<string, Waiting>();
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly state = new DependencyState('postgres-content-listener');

  private constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly purge: () => void,
  ) {}

  /** Listens from now on (or from when the database is reachable); `purge` runs for every change another instance announces. */
  static async start(url: string, pool: pg.Pool, purge: () => void): Promise<ContentChanges> {
    const changes = new ContentChanges(url, pool, purge);
    await changes.listen().then(
      () => changes.state.back(),
      (error: unknown) => {
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

  /** Tells every other instance to purge (this one purged already) and waits until they did. */
  async announce(): Promise<void> {
    const id = randomUUID();
    const own = this.listener;
    if (!own) {
      // Without a listener, no answer could reach this instance: announce only.
      await this.pool.query('SELECT pg_notify($1, $2)', [CHANGED, `0:${id}`]);
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
      await this.pool.query('SELECT pg_notify($1, $2)', [CHANGED, `${own.pid}:${id}`]);
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
    // A change's payload: `<the announcing instance's listener pid>:<change id>`.
    client.on('notification', ({ channel, payload = '' }) => {
      const [from, id] = payload.split(':');
      if (channel === PURGED) this.confirmed(payload);
      // Another instance's change: purge, then say so (its own are purged before announcing).
      else if (channel === CHANGED && id && from !== String(this.listener?.pid)) {
        this.purge();
        client.query('SELECT pg_notify($1, $2)', [PURGED, id]).catch((error: unknown) => lost((error as Error).message));
      }
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await client.query(`LISTEN ${CHANGED}; LISTEN ${PURGED}`);
      this.listener = { client, pid: rows[0].pid };
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
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
