/**
 * Lead capture, independent of HTTP: checking and storing submissions (here), with the forms'
 * data (form-data.ts), the limits a new lead passes (submission-limits.ts), where a lead came from
 * (source-page.ts), the outbox's delivery loop (outbox-delivery.ts) and the retention purge
 * (retention.ts) behind one service. The Express routes (./routes.ts), the React Router loaders
 * (through the load context) and the CLI (scripts/leads.ts) all use this one service.
 */
import { randomBytes } from 'node:crypto';
import { errorField, log } from '../observability/log';
import { LRUCache } from 'lru-cache';
import { checkLead, LEAD_FIELDS, type LeadCheck, type LeadFieldCodes, type ValidLead } from '../../shared/lead-validation';
import type { LeadFormData } from '../../shared/lead-form';
import type { ContentSource } from '../content/types';
import { isStoreUnavailable } from '../content/when-available';
import { registrationContent } from '../customers/registration';
import type { SalesDatabase } from '../database/index';
import type { AuditTrail } from '../audit/trail';
import { seoulDay } from '../../shared/seoul-time';
import { createFormTokenSigner, TOKEN_CLOCK_SKEW_MS, TOKEN_MAX_AGE_MS, type FormTokenPayload, type FormTokenSigner } from './form-token';
import { silentNotifier } from './notifier';
import type { LeadNotifier } from '../messages/lead-notification';
import type { LeadOutbox } from './outbox';
import { startDailyJob, type DailyJobOptions } from '../daily-timer';
import { withoutFormatCharacters } from '../free-text';
import { LeadForms } from './form-data';
import { contentOf, contentOfEntry, sharedTokenKey } from './lead-content';
import { OutboxDelivery } from './outbox-delivery';
import { purgeExpiredLeads } from './retention';
import { parseLandingPage, parseSourcePage } from './source-page';
import { SubmissionLimits, type SubmissionLimitOptions } from './submission-limits';
import { leadIdFor, notificationOf, saveLead, type LeadDocument } from './store';

/**
 * What a submission ends with: the stored lead's id, or a refusal code (with the fields it is
 * about). The HTTP edge turns a code into a status and a Korean message.
 */
export type SubmitResult =
  | { id: string; error?: undefined }
  | { error: 'invalid' | 'slotFull'; fieldErrors: LeadFieldCodes }
  | { error: 'formExpired' | 'tokenUsed' | 'rateLimited' }
  | { error: 'tooFast'; retryAfterMs: number };

export type LeadServiceOptions = SubmissionLimitOptions & {
  content: ContentSource;
  /** The customer tables every lead is stored in. */
  sales: SalesDatabase;
  outbox: LeadOutbox;
  /**
   * HMAC secret of the form tokens and of the phone numbers' limit keys (see ./index.ts); random
   * per service when unset (tests).
   */
  secret?: string;
  /** A form submitted sooner than this after it was rendered is asked to wait. */
  minFillMs?: number;
  notifier?: LeadNotifier;
  /** Where the retention purge is recorded. */
  audit?: AuditTrail;
  /** The messages' log (its rows name the customer): the retention purge deletes those of the purged leads. */
  messageLog?: { forget(leadIds: string[]): Promise<number> };
  /** The 담당자 of a new lead (automatic assignment), or null: 미배정. */
  assignNewLead?: () => Promise<{ email: string; name: string } | null>;
  /** How often the outbox is checked for leads to deliver. */
  outboxIntervalMs?: number;
  now?: () => number;
};

export const DEFAULT_MIN_FILL_MS = 2000;
export class LeadService {
  private readonly signer: FormTokenSigner;
  private readonly limits: SubmissionLimits;
  private readonly notifier: LeadNotifier;
  private readonly now: () => number;
  private readonly minFillMs: number;
  // Leads already stored, by id, with their content: a retry of the same form is answered
  // again (not rate limited), another lead on the same token is refused.
  private readonly acceptedIds = new LRUCache<string, string>({ max: 10_000 });
  private readonly forms: LeadForms;
  private readonly delivery: OutboxDelivery;
  private stopPurge: (() => void) | null = null;
  private closed = false;

  constructor(private readonly options: LeadServiceOptions) {
    const secret = options.secret || randomBytes(32).toString('hex');
    this.signer = createFormTokenSigner(secret);
    this.limits = new SubmissionLimits(options, secret);
    this.notifier = options.notifier ?? silentNotifier;
    this.now = options.now ?? Date.now;
    this.minFillMs = options.minFillMs ?? DEFAULT_MIN_FILL_MS;
    this.forms = new LeadForms(options, this.signer, this.now);
    this.delivery = new OutboxDelivery(options.outbox, options.sales, this.notifier, this.now);
  }

  /**
   * A form token, the notice and the slots. `sharedToken` for a page's HTML, which the page cache
   * serves to everyone: forms with JavaScript fetch a token of their own when they mount; a form
   * without posts the shared one.
   */
  formData(options: { sharedToken?: boolean } = {}): Promise<LeadFormData> {
    return this.forms.formData(options);
  }

  /** A lead is never refused or delayed for want of a 담당자: it is stored 미배정 instead. */
  private async newLeadAssignee(): Promise<{ email: string; name: string } | null> {
    try {
      return (await this.options.assignNewLead?.()) ?? null;
    } catch (error) {
      log.warn({ job: 'lead-assignment', err: errorField(error) }, 'leads: automatic assignment unavailable; stored 미배정');
      return null;
    }
  }

  async submit(body: Record<string, unknown>, client: { ip: string }): Promise<SubmitResult> {
    const now = this.now();
    const token = this.signer.verify(body[LEAD_FIELDS.formToken]);
    if (!token) return FORM_EXPIRED;
    // Checked once: the shared token's key, an expired token's retry and the lead all use it.
    const validation = checkLead(withoutFormatCharacters(body, [LEAD_FIELDS.name, LEAD_FIELDS.message]));
    const id = leadIdFor(token.shared ? sharedTokenKey(token.idempotencyKey, validation) : token.idempotencyKey);
    if (token.issuedAt > now + TOKEN_CLOCK_SKEW_MS || now - token.issuedAt > TOKEN_MAX_AGE_MS) {
      return this.answerExpired(id, validation);
    }
    // A filled honeypot is a bot: answered like a success so it learns nothing, and not stored.
    const honeypot = body[LEAD_FIELDS.honeypot];
    if (honeypot !== undefined && honeypot !== '') return { id };
    const elapsed = now - token.issuedAt;
    if (elapsed < this.minFillMs) return { error: 'tooFast', retryAfterMs: this.minFillMs - elapsed };

    if (!validation.ok) return { error: 'invalid', fieldErrors: validation.errors };
    const { lead: input } = validation;
    return this.store(id, input, token, body, client.ip, now);
  }

  private async store(id: string, input: ValidLead, token: FormTokenPayload, body: Record<string, unknown>, ip: string, now: number): Promise<SubmitResult> {
    const content = contentOf(input);
    const accepted = this.acceptedIds.get(id);
    if (accepted !== undefined && accepted !== content) return TOKEN_USED;
    if (accepted === undefined) {
      const refused = await this.limits.refusal(input, token, ip, now);
      if (refused) {
        // A retry of a lead stored before a restart (which emptied acceptedIds) is no new lead.
        const stored = await this.storedContent(id);
        if (stored === content) return { id };
        return stored === null ? { error: refused } : TOKEN_USED;
      }
    }

    const visitSlotId = input.visitSlotId;
    const createdAt = new Date(now).toISOString();
    const { sourcePage, utm } = parseSourcePage(body[LEAD_FIELDS.sourcePage]);
    const landingPage = parseLandingPage(body[LEAD_FIELDS.landingPage]);
    const assignee = await this.newLeadAssignee();
    const lead: LeadDocument = {
      _id: id,
      _type: 'lead',
      name: input.name,
      phone: input.phone,
      ...(input.message ? { message: input.message } : {}),
      consent: { ...input.consent, noticeVersion: token.consentVersion, agreedAt: createdAt },
      createdAt,
      ...(sourcePage ? { sourcePage } : {}),
      ...(landingPage ? { landingPage } : {}),
      formKind: input.formKind,
      ...(utm ? { utm } : {}),
      ...(assignee ? { assignee } : {}),
    };

    let outcome;
    try {
      outcome = await saveLead(this.options.sales, lead, visitSlotId, 'refuse', seoulDay(now));
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      return this.keepForLater(lead, visitSlotId, content, (error as Error).message);
    }
    switch (outcome.status) {
      case 'slotFull':
        this.forms.forgetSlots();
        return { error: 'slotFull', fieldErrors: { visitSlot: 'visitSlotFull' } };
      case 'slotMissing':
        return { error: 'invalid', fieldErrors: { visitSlot: 'visitSlotInvalid' } };
      case 'duplicate':
        if ((await this.storedContent(id)) !== content) return TOKEN_USED;
        this.acceptedIds.set(id, content);
        return { id };
      default:
        this.acceptedIds.set(id, content);
        if (visitSlotId) this.forms.forgetSlots();
        this.notifier.notify(notificationOf(lead, outcome));
        return { id };
    }
  }

  /**
   * A genuine but expired token: a retry of a lead already stored (or waiting in the outbox) is
   * answered as the retry it is. Told "expired", the form would fetch a new token and post the
   * same lead again under a new id.
   */
  private async answerExpired(id: string, validation: LeadCheck): Promise<SubmitResult> {
    if (validation.ok && (await this.storedContent(id)) === contentOf(validation.lead)) return { id };
    return FORM_EXPIRED;
  }

  /** What lead `id` holds (see contentOf), wherever it is kept; null when there is none. */
  private async storedContent(id: string): Promise<string | null> {
    const accepted = this.acceptedIds.get(id);
    if (accepted !== undefined) return accepted;
    const waiting = await this.options.outbox.find(id);
    if (waiting) return contentOfEntry(waiting);
    const stored = await registrationContent(this.options.sales, id).catch(() => null);
    return stored ? contentOf(stored) : null;
  }

  /** The outbox commit is durable before this returns, so the visitor may be told "registered". */
  private async keepForLater(lead: LeadDocument, visitSlotId: string | null, content: string, reason: string): Promise<SubmitResult> {
    const waiting = await this.options.outbox.find(lead._id);
    if (waiting && contentOfEntry(waiting) !== content) return TOKEN_USED;
    await this.options.outbox.add(lead, visitSlotId, this.now(), reason);
    this.acceptedIds.set(lead._id, content);
    log.warn({ lead: lead._id, reason }, 'leads: kept in the outbox');
    return { id: lead._id };
  }

  /** Starts the background delivery of outbox leads (the server does; the CLI does not). */
  startOutboxDelivery(): void {
    if (!this.closed) this.delivery.start(this.options.outboxIntervalMs ?? 5_000);
  }

  /** Delivers the outbox leads that are due (one round at a time). */
  deliverOutbox(): Promise<void> {
    return this.delivery.deliver();
  }

  /** Deletes the outbox entries with this phone number (a customer's data deleted on request). */
  forgetPhone(phone: string): Promise<number> {
    return this.options.outbox.forgetPhone(phone);
  }

  pendingOutboxCount(): Promise<number> {
    return this.options.outbox.pendingCount();
  }

  /** Leads waiting in this machine's outbox and when the oldest arrived (readiness probe). */
  async outboxBacklog(): Promise<{ count: number; oldestAt: number | null }> {
    const { count, oldestAt } = await this.options.outbox.backlog();
    return { count, oldestAt };
  }

  /** Deletes leads older than the retention period of the lead settings (retention.ts). */
  purgeExpired(): Promise<{ deleted: number; before: string; retentionDays: number }> {
    return purgeExpiredLeads(this.options, this.now());
  }

  /** The retention purge in the server itself, daily; `npm run leads -- purge` does the same from cron. */
  startDailyPurge(options: DailyJobOptions = {}): void {
    if (this.stopPurge || this.closed) return;
    this.stopPurge = startDailyJob(
      'leads',
      async () => {
        const { deleted } = await this.purgeExpired();
        return deleted > 0 ? `retention purge deleted ${deleted} leads` : null;
      },
      options,
    );
  }

  /** Stops the loops and waits for a delivery in progress; the sources are closed by their owner. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopPurge?.();
    await this.delivery.stop();
    this.notifier.close();
    await this.options.outbox.close();
  }
}

const TOKEN_USED: SubmitResult = { error: 'tokenUsed' };
const FORM_EXPIRED: SubmitResult = { error: 'formExpired' };
