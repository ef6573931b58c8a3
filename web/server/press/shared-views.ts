/**
 * Press article views counted once per reader per article per clock hour whichever instance
 * answers (DATABASE_URL): the in-memory gate's rules (../http/view-gate.ts) on the tables of
 * migration 0103. A reader is a fingerprint under the hour's shared salt, and a new hour drops
 * the hours before (../postgres/period-fingerprints.ts); the readers counted per address are one
 * row per address, raised by one atomic upsert only while under the cap, so two instances
 * counting at once cannot pass it.
 */
import type pg from 'pg';
import { addressOf, clockHour, isPersonsView, visitorOf, type ViewRequest } from '../http/view-gate';
import { PeriodFingerprints } from '../postgres/period-fingerprints';
import type { PressViewGate } from './api';

export class PostgresPressViewGate implements PressViewGate {
  private readonly readers: PeriodFingerprints;

  constructor(
    private readonly pool: pg.Pool,
    /** Readers counted per address per article per hour. */
    private readonly maxPerAddress: number,
    private readonly now: () => number = Date.now,
  ) {
    this.readers = new PeriodFingerprints(pool, {
      period: 'hour',
      salts: 'press_view_salts',
      fingerprints: 'press_view_readers',
      others: ['press_view_addresses'],
    });
  }

  async firstPageView(req: ViewRequest, key: string): Promise<boolean> {
    if (!isPersonsView(req)) return false;
    const hour = clockHour(this.now());
    if (!(await this.readers.isFirst(hour, visitorOf(req, key)))) return false;
    // A reader refused here stays refused: the address's count only grows within the hour.
    const address = await this.readers.hash(hour, addressOf(req, key), 22);
    const raised = await this.pool.query(
      `INSERT INTO press_view_addresses (hour, address, counted) VALUES ($1, $2, 1)
       ON CONFLICT (hour, address) DO UPDATE SET counted = press_view_addresses.counted + 1 WHERE press_view_addresses.counted < $3`,
      [hour, address, this.maxPerAddress],
    );
    return raised.rowCount === 1;
  }
}
