/**
 * How a 팀장 shares customers out from the console: the automatic assignment's switch and who takes
 * part in it, and 균등 배분 — chosen customers (or every 미배정 one) split evenly among the 상담사
 * taking part, in one transaction, with one audit record naming how many each got. Each customer's
 * assignment history gets its row, as with any reassignment.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { SalesDatabase } from '../database/index';
import { recordAudit, staffLabel } from './audit-record';
import { messageKey, queueMessages } from '../messages/message-log';

export type AssignmentSettings = {
  roundRobin: boolean;
  /** 상담사 (emails) who take no part in automatic assignment or 균등 배분. */
  optedOut: string[];
};

export type TeamActor = { email: string; ip: string };
export type Participant = { email: string; name: string };
export type Distribution = { total: number; counts: Array<Participant & { count: number }> };

export async function assignmentSettingsOf(sales: SalesDatabase): Promise<AssignmentSettings> {
  const row = await sales.db.selectFrom('assignment_settings').select('round_robin').where('id', '=', 1).executeTakeFirst();
  const optedOut = await sales.db.selectFrom('assignment_opt_outs').select('email').orderBy('email').execute();
  return { roundRobin: row?.round_robin === 1, optedOut: optedOut.map((opt) => opt.email) };
}

/**
 * The switch as each instance last read it. Every new lead asks it: read at most once a second, a
 * change made on another instance holds there within the second; one made here, at once.
 */
const roundRobinRead = new LRUCache<SalesDatabase, { on: boolean }>({ max: 16, ttl: 1000 });

/** Whether automatic assignment is on: what every new lead asks. */
export async function roundRobinOn(sales: SalesDatabase): Promise<boolean> {
  const held = roundRobinRead.get(sales);
  if (held) return held.on;
  const on = (await sales.db.selectFrom('assignment_settings').select('round_robin').where('id', '=', 1).executeTakeFirst())?.round_robin === 1;
  roundRobinRead.set(sales, { on });
  return on;
}

/** The 팀장's settings, with their audit record, in one transaction. */
export async function saveAssignmentSettings(sales: SalesDatabase, settings: AssignmentSettings, actor: TeamActor, now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  const optedOut = [...new Set(settings.optedOut)].sort();
  await sales.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('assignment_settings')
      .set({ round_robin: settings.roundRobin ? 1 : 0, updated_at: at, updated_by: actor.email })
      .where('id', '=', 1)
      .execute();
    await trx.deleteFrom('assignment_opt_outs').execute();
    if (optedOut.length)
      await trx
        .insertInto('assignment_opt_outs')
        .values(optedOut.map((email) => ({ email })))
        .execute();
    const detail = `자동 배정 ${settings.roundRobin ? '켬' : '끔'}${optedOut.length ? `, 제외: ${optedOut.join(', ')}` : ''}`;
    await recordAudit(trx, sales.dialect, { actor: actor.email, action: 'assignmentSettings', ip: actor.ip, target: null, detail }, now);
  });
  roundRobinRead.delete(sales);
}

/**
 * An older release's Studio switch (leadSettings' roundRobin), carried over once: only while the
 * console has never changed the setting. Returns whether it turned automatic assignment on.
 */
export async function carryStudioRoundRobin(sales: SalesDatabase, studioRoundRobin: boolean): Promise<boolean> {
  if (!studioRoundRobin) return false;
  const result = await sales.db
    .updateTable('assignment_settings')
    .set({ round_robin: 1, updated_at: new Date().toISOString(), updated_by: 'studio' })
    .where('id', '=', 1)
    .where('updated_at', 'is', null)
    .executeTakeFirst();
  roundRobinRead.delete(sales);
  return Number(result.numUpdatedRows) > 0;
}

/**
 * 균등 배분: the customers (`customerIds`, or every 미배정 one when 'unassigned') split among
 * `participants` so that each gets the same number, give or take one; the extra ones go to those
 * with the fewest customers already. Oldest registration first. A customer assigned meanwhile by
 * someone else (when splitting the 미배정) is left as it is and not counted. Each 상담사 who got
 * some is sent one 알림톡 (staffDistribution) naming how many, queued in the same transaction: its
 * job names the distribution, whose assignment rows the message counts at sending time.
 */
export async function distributeEvenly(
  sales: SalesDatabase,
  target: { customerIds: string[] } | 'unassigned',
  participants: Participant[],
  actor: TeamActor,
  now = Date.now(),
): Promise<Distribution> {
  const at = new Date(now).toISOString();
  const distributionId = `distribution-${randomUUID()}`;
  return sales.db.transaction().execute(async (trx) => {
    let chosen = trx.selectFrom('customers').select('id').orderBy('first_registered_at').orderBy('id');
    chosen =
      target === 'unassigned' ? chosen.where('assignee_email', 'is', null) : chosen.where('id', 'in', target.customerIds.length ? target.customerIds : ['']);
    const customers = await chosen.execute();
    const loads = new Map(
      (
        await trx
          .selectFrom('customers')
          .select(['assignee_email', (eb) => eb.fn.countAll<number | string>().as('count')])
          .where('assignee_email', 'in', participants.map((participant) => participant.email).concat(''))
          .groupBy('assignee_email')
          .execute()
      ).map((row) => [row.assignee_email, Number(row.count)]),
    );
    const order = [...participants].sort((a, b) => (loads.get(a.email) ?? 0) - (loads.get(b.email) ?? 0) || (a.email < b.email ? -1 : 1));
    const counts = new Map(order.map((participant) => [participant.email, 0]));
    let total = 0;
    for (const [index, customer] of customers.entries()) {
      if (order.length === 0) break;
      const to = order[index % order.length];
      let update = trx
        .updateTable('customers')
        .set({ assignee_email: to.email, assignee_name: to.name, version: sql`version + 1`, updated_at: at })
        .where('id', '=', customer.id);
      if (target === 'unassigned') update = update.where('assignee_email', 'is', null);
      if (Number((await update.executeTakeFirst()).numUpdatedRows) === 0) continue;
      await trx
        .insertInto('assignments')
        .values({
          id: `${customer.id}-${randomUUID()}`,
          customer_id: customer.id,
          at,
          assignee_email: to.email,
          assignee_name: to.name,
          by_email: actor.email,
          distribution_id: distributionId,
        })
        .execute();
      counts.set(to.email, (counts.get(to.email) ?? 0) + 1);
      total += 1;
    }
    const distribution = { total, counts: order.map((participant) => ({ ...participant, count: counts.get(participant.email) ?? 0 })) };
    if (total > 0) {
      const detail = `균등 배분 ${total}명: ${distribution.counts.map((entry) => `${staffLabel(entry)} ${entry.count}명`).join(', ')}`;
      await recordAudit(trx, sales.dialect, { actor: actor.email, action: 'leadDistribute', ip: actor.ip, target: null, detail }, now);
      const notices = distribution.counts
        .filter((entry) => entry.count > 0)
        .map((entry) => ({
          key: messageKey('staffDistribution', distributionId, entry.email),
          leadId: distributionId,
          event: 'staffDistribution' as const,
          recipient: entry.email,
        }));
      await queueMessages(trx, notices, now);
    }
    return distribution;
  });
}
