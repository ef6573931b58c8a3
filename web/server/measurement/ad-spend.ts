/**
 * Ad spend per campaign and month (the statistics page's costs per 등록 and per 내방): one row
 * per campaign and month in the sales tables (embedded SQLite or PostgreSQL alike), so a new
 * entry for the same campaign and month replaces the amount. Every change is audited with the
 * amount before and after.
 */
import { parseAdSpend, wonLabel, isMonth, type AdSpendEntry, type AdSpendRefusal } from '../../shared/ad-spend';
import { campaignKey } from '../../shared/campaign-stats';
import { mayEnterAdSpend, type StaffIdentity } from '../../shared/staff-roles';
import type { AuditTrail } from '../audit/trail';
import type { SalesDatabase } from '../database/index';

/** Who enters spend, and from where (what the audit record names). */
type Actor = StaffIdentity & { ip: string };

export type AdSpendResult = { ok: true } | { ok: false; error: AdSpendRefusal };

/** Every campaign's spend in `months`, by month then campaign. */
export async function adSpendOfMonths(sales: SalesDatabase, months: readonly string[]): Promise<AdSpendEntry[]> {
  if (months.length === 0) return [];
  const rows = await sales.db
    .selectFrom('ad_spend')
    .select(['campaign', 'month', 'amount'])
    .where('month', 'in', [...months])
    .orderBy('month')
    .orderBy('campaign')
    .execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

export class AdSpendBook {
  constructor(private readonly options: { sales: SalesDatabase; audit: AuditTrail }) {}

  /** Every campaign's spend in `months`, by month then campaign. */
  ofMonths(months: readonly string[]): Promise<AdSpendEntry[]> {
    return adSpendOfMonths(this.options.sales, months);
  }

  /** Enters (or replaces) a campaign's spend of a month. */
  async set(input: { campaign: string; month: string; amount: string }, actor: Actor): Promise<AdSpendResult> {
    if (!mayEnterAdSpend(actor.role)) return { ok: false, error: 'forbidden' };
    const entry = parseAdSpend(input);
    if ('error' in entry) return { ok: false, error: entry.error };
    const before = await this.find(entry.campaign, entry.month);
    await this.options.sales.db
      .insertInto('ad_spend')
      .values(entry)
      .onConflict((conflict) => conflict.columns(['month', 'campaign']).doUpdateSet({ amount: entry.amount }))
      .execute();
    await this.record(actor, entry, before ? wonLabel(before.amount) : '없음', wonLabel(entry.amount));
    return { ok: true };
  }

  /** Removes a campaign's spend of a month. */
  async remove(input: { campaign: string; month: string }, actor: Actor): Promise<AdSpendResult> {
    if (!mayEnterAdSpend(actor.role)) return { ok: false, error: 'forbidden' };
    if (!isMonth(input.month)) return { ok: false, error: 'month' };
    const before = await this.find(campaignKey(input.campaign), input.month);
    if (!before) return { ok: false, error: 'notFound' };
    await this.options.sales.db.deleteFrom('ad_spend').where('month', '=', before.month).where('campaign', '=', before.campaign).execute();
    await this.record(actor, before, wonLabel(before.amount), '삭제');
    return { ok: true };
  }

  private async find(campaign: string, month: string): Promise<AdSpendEntry | undefined> {
    const row = await this.options.sales.db
      .selectFrom('ad_spend')
      .select(['campaign', 'month', 'amount'])
      .where('month', '=', month)
      .where('campaign', '=', campaign)
      .executeTakeFirst();
    return row && { ...row, amount: Number(row.amount) };
  }

  private record(actor: Actor, entry: { campaign: string; month: string }, before: string, after: string) {
    return this.options.audit.record({
      actor: actor.email,
      action: 'adSpend',
      ip: actor.ip,
      target: null,
      detail: `광고비 ${entry.campaign} ${entry.month} ${before} → ${after}`,
    });
  }
}
