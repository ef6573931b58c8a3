/**
 * Group messages (단체 문자): a template marketing keeps in the Studio (groupMessageTemplate) sent
 * by a 팀장 or 관리자 to the customers they chose — ticked on the lead list, every customer of the
 * list's filters, or today's booked visitors. Who is sent it is decided in SQL, by one expression
 * (group-audience.ts) the preview counts with and the send inserts with: a 무효 customer, one
 * without the privacy consent, one without a mobile number, and — for an ad — one without
 * marketing consent never get a row, whatever ids the request names. One confirmation queues one
 * outbox row per customer (lead_messages: the send log) and its audit record in one transaction,
 * once: its request key is unique. The dispatcher then sends each, asking consent and the hour
 * again at sending time.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { groupMessageTemplatesQuery } from '../../sanity/queries';
import { mayManageLeads, type StaffRole } from '../../shared/staff-roles';
import {
  adQuietHours,
  adTextProblems,
  GROUP_EVENT_OF,
  GROUP_PURPOSE_LABELS,
  GROUP_PURPOSES,
  groupCost,
  type GroupAudience,
  type GroupExclusion,
  type GroupPreview,
  type GroupRefusal,
  type GroupSendResult,
  type GroupTemplate,
  type MessagePrices,
} from '../../shared/group-messages';
import { unknownTemplateVariables } from '../../shared/outbound-messages';
import type { ContentSource } from '../content/types';
import type { SalesDatabase } from '../database/index';
import { recordAudit } from '../customers/audit-record';
import { audienceLabel, chosenCustomers, exclusionOf } from './group-audience';
import { visitLabel } from './visit-label';

export type GroupActor = { email: string; name: string; role: StaffRole; ip: string };

export type GroupMessagesOptions = {
  sales: SalesDatabase;
  /** Where the templates (groupMessageTemplate) and siteSettings' 대표번호 are. */
  content: ContentSource;
  /** Customers one send may choose at most (GROUP_MESSAGE_MAX_RECIPIENTS). */
  maxRecipients: number;
  prices: MessagePrices;
  /** Told after a send queued its messages (the dispatcher sends them). */
  onQueued?: () => void;
  now?: () => number;
};

/** A confirmation's key, as the page generates it. */
const REQUEST_KEY = /^[A-Za-z0-9-]{8,64}$/;

export class GroupMessages {
  private readonly now: () => number;

  constructor(private readonly options: GroupMessagesOptions) {
    this.now = options.now ?? Date.now;
  }

  get maxRecipients(): number {
    return this.options.maxRecipients;
  }

  /** The templates marketing keeps in the Studio, by title. */
  async templates(): Promise<GroupTemplate[]> {
    const rows = (await this.options.content.fetch(groupMessageTemplatesQuery)) as unknown;
    if (!Array.isArray(rows)) return [];
    return rows.flatMap((row: Record<string, unknown>) => {
      const purpose = GROUP_PURPOSES.find((value) => value === row.purpose);
      if (typeof row._id !== 'string' || typeof row.title !== 'string' || typeof row.text !== 'string' || !purpose) return [];
      const templateCode = typeof row.templateCode === 'string' && row.templateCode.trim() ? row.templateCode.trim() : null;
      return [{ id: row._id, title: row.title, purpose, templateCode, text: row.text }];
    });
  }

  /** What confirming would send: the count, who is left out and why, the first recipient's text, the cost. */
  async preview(templateId: string, audience: GroupAudience, actor: GroupActor): Promise<GroupPreview> {
    const checked = await this.checked(templateId, audience, actor);
    if (!checked.ok) return checked;
    const { template } = checked;
    const { db } = this.options.sales;
    const counts = await db
      .selectFrom('customers')
      .select((eb) => [exclusionOf(eb, template.purpose).as('reason'), eb.fn.countAll<number | string>().as('count')])
      .where((eb) => chosenCustomers(eb, audience, actor.email, this.now()))
      .groupBy('reason')
      .execute();
    const excluded: Partial<Record<GroupExclusion, number>> = {};
    let recipients = 0;
    for (const row of counts) {
      if (row.reason === '') recipients = Number(row.count);
      else excluded[row.reason as GroupExclusion] = Number(row.count);
    }
    const first = await db
      .selectFrom('customers')
      .select(['customers.id', 'customers.name'])
      .where((eb) => chosenCustomers(eb, audience, actor.email, this.now()))
      .where((eb) => eb(exclusionOf(eb, template.purpose), '=', ''))
      .orderBy('customers.last_registered_at', 'desc')
      .orderBy('customers.id', 'desc')
      .executeTakeFirst();
    const sample = first ? { name: first.name, text: await this.filledIn(template.text, first.id, first.name) } : null;
    return {
      ok: true,
      template,
      recipients,
      excluded,
      sample,
      cost: groupCost(template.purpose, sample?.text ?? template.text, recipients, this.options.prices),
      adNight: template.purpose === 'ad' && adQuietHours(this.now()),
    };
  }

  /**
   * Queues the template to every chosen customer it may go to, with one audit record, in one
   * transaction; the same `requestKey` again (a double click, a resubmitted page) queues nothing
   * and answers what the first did.
   */
  async send(request: { templateId: string; audience: GroupAudience; requestKey: string }, actor: GroupActor): Promise<GroupSendResult> {
    const checked = await this.checked(request.templateId, request.audience, actor);
    if (!checked.ok) return checked;
    const { template } = checked;
    if (!REQUEST_KEY.test(request.requestKey)) return { ok: false, error: 'noTemplate' };
    if (template.purpose === 'ad' && adQuietHours(this.now())) return { ok: false, error: 'adNight' };
    const { sales } = this.options;
    const now = this.now();
    const event = GROUP_EVENT_OF[template.purpose];
    const result = await sales.db.transaction().execute(async (trx): Promise<GroupSendResult> => {
      const id = `group-${randomUUID()}`;
      const stored = await trx
        .insertInto('group_sends')
        .values({
          id,
          request_key: request.requestKey,
          template_id: template.id,
          title: template.title,
          purpose: template.purpose,
          template_code: template.templateCode,
          text: template.text,
          audience: audienceLabel(request.audience),
          by_email: actor.email,
          created_at: new Date(now).toISOString(),
        })
        .onConflict((conflict) => conflict.column('request_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!stored) {
        const first = await trx
          .selectFrom('group_sends')
          .select(['recipients', 'excluded'])
          .where('request_key', '=', request.requestKey)
          .executeTakeFirstOrThrow();
        return { ok: true, queued: first.recipients, excluded: first.excluded, repeated: true };
      }
      const chosen = Number(
        (
          await trx
            .selectFrom('customers')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .where((eb) => chosenCustomers(eb, request.audience, actor.email, this.now()))
            .executeTakeFirstOrThrow()
        ).count,
      );
      // The rule decides here, in the insert itself: a customer it leaves out gets no row.
      const queued = await trx
        .insertInto('lead_messages')
        .columns(['key', 'lead_id', 'event', 'recipient', 'next_attempt_at', 'created_at', 'updated_at'])
        .expression((eb) =>
          eb
            .selectFrom('customers')
            .select([
              sql<string>`${event} || ':' || customers.id || ':' || ${id}`.as('key'),
              'customers.id',
              sql.lit(event).as('event'),
              sql<null>`NULL`.as('recipient'),
              sql.val(now).as('next_attempt_at'),
              sql.val(now).as('created_at'),
              sql.val(now).as('updated_at'),
            ])
            .where((customers) => chosenCustomers(customers, request.audience, actor.email, this.now()))
            .where((customers) => customers(exclusionOf(customers, template.purpose), '=', '')),
        )
        .onConflict((conflict) => conflict.column('key').doNothing())
        .returning('key')
        .execute();
      const excluded = chosen - queued.length;
      await trx.updateTable('group_sends').set({ recipients: queued.length, excluded }).where('id', '=', id).execute();
      const detail = `${template.title} (${GROUP_PURPOSE_LABELS[template.purpose]}) · ${queued.length}명 (제외 ${excluded}명) · ${audienceLabel(request.audience)}`;
      await recordAudit(trx, sales.dialect, { actor: actor.email, action: 'groupMessage', ip: actor.ip, target: id, detail }, now);
      return { ok: true, queued: queued.length, excluded, repeated: false };
    });
    if (result.ok && !result.repeated && result.queued > 0) this.options.onQueued?.();
    return result;
  }

  /** The text as `customerId` receives it: their name, their booked visit, the site's 대표번호. */
  async filledIn(text: string, customerId: string, name: string): Promise<string> {
    const [booking, site] = await Promise.all([
      this.options.sales.db.selectFrom('bookings').select('visit_at').where('customer_id', '=', customerId).where('status', '=', 'booked').executeTakeFirst(),
      this.options.content.fetch(`*[_type == "siteSettings" && _id == "siteSettings"][0].phone`),
    ]);
    const values: Record<string, string> = {
      이름: name,
      방문일시: booking ? visitLabel(booking.visit_at) : '',
      대표번호: typeof site === 'string' ? site : '',
    };
    return text.replace(/#\{([^}]*)\}/g, (_, variable: string) => values[variable] ?? '');
  }

  /** The role, the template and its rules, and the number chosen: what preview and send both ask first. */
  private async checked(templateId: string, audience: GroupAudience, actor: GroupActor): Promise<{ ok: true; template: GroupTemplate } | GroupRefusal> {
    if (!mayManageLeads(actor.role)) return { ok: false, error: 'forbidden' };
    const template = (await this.templates()).find((candidate) => candidate.id === templateId);
    if (!template) return { ok: false, error: 'noTemplate' };
    const problems = templateProblems(template);
    if (problems.length > 0) return { ok: false, error: 'badTemplate', problems };
    const max = this.options.maxRecipients;
    if (audience.kind === 'selection' && new Set(audience.customerIds).size > max) return { ok: false, error: 'tooMany', max };
    const chosen = await this.options.sales.db
      .selectFrom((eb) =>
        eb
          .selectFrom('customers')
          .select('customers.id')
          .where((customers) => chosenCustomers(customers, audience, actor.email, this.now()))
          .limit(max + 1)
          .as('chosen'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    const count = Number(chosen.count);
    if (count > max) return { ok: false, error: 'tooMany', max };
    if (count === 0) return { ok: false, error: 'noRecipients' };
    return { ok: true, template };
  }
}

/** What a template breaks: an unknown variable, a notice without its 알림톡 code, an ad without the ad rules. */
export function templateProblems(template: Pick<GroupTemplate, 'purpose' | 'templateCode' | 'text'>): string[] {
  const problems: string[] = [];
  const unknown = unknownTemplateVariables(template.text);
  if (unknown.length) problems.push(`쓸 수 없는 변수입니다: ${unknown.map((name) => `#{${name}}`).join(', ')}`);
  if (template.purpose === 'notice' && !template.templateCode) problems.push('안내 템플릿에는 알림톡 템플릿 코드가 있어야 합니다.');
  if (template.purpose === 'ad') problems.push(...adTextProblems(template.text));
  return problems;
}
