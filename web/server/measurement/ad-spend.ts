/**
 * Ad spend per campaign and month (the statistics page's costs per 등록 and per 내방): one
 * document per campaign and month in the leads store (embedded SQLite or PostgreSQL alike), so a
 * new entry for the same campaign and month replaces the amount. Every change is audited with the
 * amount before and after.
 */
import { createHash } from 'node:crypto';
import { adSpendOfMonthsQuery } from '../../sanity/queries';
import { parseAdSpend, wonLabel, isMonth, type AdSpendEntry, type AdSpendRefusal } from '../../shared/ad-spend';
import { campaignKey } from '../../shared/campaign-stats';
import { mayEnterAdSpend, type StaffIdentity } from '../../shared/console';
import type { ContentSource } from '../content/types';
import type { AuditTrail } from '../audit/trail';

/** Who enters spend, and from where (what the audit record names). */
type Actor = StaffIdentity & { ip: string };

export type AdSpendResult = { ok: true } | { ok: false; error: AdSpendRefusal };

/** The document of a campaign's month: the campaign hashed, since a utm_campaign may hold any character. */
function adSpendId(campaign: string, month: string): string {
  return `adSpend-${month}-${createHash('sha256').update(campaign).digest('hex').slice(0, 24)}`;
}

/** Every campaign's spend in `months`, by month then campaign. */
export async function adSpendOfMonths(leads: ContentSource, months: readonly string[]): Promise<AdSpendEntry[]> {
  const rows = await leads.fetch(adSpendOfMonthsQuery, { months: [...months] });
  return rows.flatMap((row) => (row.campaign && row.month && typeof row.amount === 'number' ? [{ campaign: row.campaign, month: row.month, amount: row.amount }] : []));
}

export class AdSpendBook {
  constructor(private readonly options: { leads: ContentSource; audit: AuditTrail }) {}

  /** Every campaign's spend in `months`, by month then campaign. */
  ofMonths(months: readonly string[]): Promise<AdSpendEntry[]> {
    return adSpendOfMonths(this.options.leads, months);
  }

  /** Enters (or replaces) a campaign's spend of a month. */
  async set(input: { campaign: string; month: string; amount: string }, actor: Actor): Promise<AdSpendResult> {
    if (!mayEnterAdSpend(actor.role)) return { ok: false, error: 'forbidden' };
    const entry = parseAdSpend(input);
    if ('error' in entry) return { ok: false, error: entry.error };
    const before = await this.find(entry.campaign, entry.month);
    await this.options.leads.mutate([{ createOrReplace: { _id: adSpendId(entry.campaign, entry.month), _type: 'adSpend', ...entry } }]);
    await this.record(actor, entry, before ? wonLabel(before.amount) : '없음', wonLabel(entry.amount));
    return { ok: true };
  }

  /** Removes a campaign's spend of a month. */
  async remove(input: { campaign: string; month: string }, actor: Actor): Promise<AdSpendResult> {
    if (!mayEnterAdSpend(actor.role)) return { ok: false, error: 'forbidden' };
    if (!isMonth(input.month)) return { ok: false, error: 'month' };
    const before = await this.find(campaignKey(input.campaign), input.month);
    if (!before) return { ok: false, error: 'notFound' };
    await this.options.leads.mutate([{ delete: { id: adSpendId(before.campaign, before.month) } }]);
    await this.record(actor, before, wonLabel(before.amount), '삭제');
    return { ok: true };
  }

  private async find(campaign: string, month: string): Promise<AdSpendEntry | undefined> {
    return (await this.ofMonths([month])).find((entry) => entry.campaign === campaign);
  }

  private record(actor: Actor, entry: { campaign: string; month: string }, before: string, after: string) {
    return this.options.audit.record({ actor: actor.email, action: 'adSpend', ip: actor.ip, target: null, detail: `광고비 ${entry.campaign} ${entry.month} ${before} → ${after}` });
  }
}
