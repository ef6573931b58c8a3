/**
 * Whether a dependency this instance needs (the PostgreSQL database, a listening connection) is
 * reachable, as its users last found it: one log line when it is lost and one when it is back (not
 * one per failed query), and a gauge for the metrics.
 */
import { errorField, log } from './log';
import { metrics } from './metrics';

export class DependencyState {
  private up: boolean | undefined;
  private lostAt = 0;

  constructor(
    readonly name: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Unknown until first used; then whether the last attempt reached it. */
  get isUp(): boolean | undefined {
    return this.up;
  }

  lost(error: unknown): void {
    metrics.dependencyErrors.inc({ dependency: this.name });
    if (this.up === false) return;
    this.up = false;
    this.lostAt = this.now();
    metrics.dependencyUp.set({ dependency: this.name }, 0);
    log.error({ dependency: this.name, state: 'lost', err: errorField(error) }, `${this.name}: lost`);
  }

  back(): void {
    if (this.up === true) return;
    const wasLost = this.up === false;
    this.up = true;
    metrics.dependencyUp.set({ dependency: this.name }, 1);
    if (wasLost) log.info({ dependency: this.name, state: 'back', downMs: this.now() - this.lostAt }, `${this.name}: back`);
  }
}

/** Errors that mean the database cannot be reached now (refused, cut, shutting down, starting), not that a query is wrong. */
export function isConnectionError(error: unknown): boolean {
  for (let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|EPIPE)$/.test(code)) return true;
    // SQLSTATE class 08 (connection exception); 57P01-57P03: admin shutdown, crash shutdown, cannot connect now.
    if (/^08...$/.test(code) || /^57P0[123]$/.test(code)) return true;
    if (typeof current.message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(current.message))
      return true;
    if (current.cause === current) break;
  }
  return false;
}
