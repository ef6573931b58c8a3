/**
 * What a lead form needs to render: a signed form token, the consent notice and the upcoming
 * visit slots with the places left (cached briefly; booking itself always re-reads the slot).
 */
import { errorField, log } from '../observability/log';
import { leadSettingsQuery } from '../../sanity/queries';
import type { LeadFormData, LeadNotice, VisitSlotOption } from '../../shared/lead-form';
import { seoulDay } from '../../shared/seoul-time';
import type { ContentSource } from '../content/types';
import { openSlotsFrom } from '../customers/visit-place';
import type { SalesDatabase } from '../database/index';
import type { FormTokenSigner } from './form-token';

const SLOT_CACHE_MS = 5_000;
/** The consent version a token names while the Studio has none set. */
export const DEFAULT_CONSENT_VERSION = 'unset';

export class LeadForms {
  private slotCache: { at: number; slots: Promise<VisitSlotOption[]> } | null = null;

  constructor(
    private readonly stores: { content: ContentSource; sales: SalesDatabase },
    private readonly signer: FormTokenSigner,
    private readonly now: () => number,
  ) {}

  /**
   * A form token, the notice and the slots. `sharedToken` for a page's HTML, which the page cache
   * serves to everyone: forms with JavaScript fetch a token of their own when they mount; a form
   * without posts the shared one.
   */
  async formData({ sharedToken = false }: { sharedToken?: boolean } = {}): Promise<LeadFormData> {
    const [notice, slots] = await Promise.all([this.notice(), this.visitSlots()]);
    const token = this.signer.issue(notice?.consentVersion ?? DEFAULT_CONSENT_VERSION, this.now(), { shared: sharedToken });
    return { token, notice, slots };
  }

  notice(): Promise<LeadNotice | null> {
    return this.stores.content.fetch(leadSettingsQuery);
  }

  /** Upcoming slots with the places left; cached briefly (booking itself always re-reads the slot). */
  visitSlots(): Promise<VisitSlotOption[]> {
    const now = this.now();
    if (this.slotCache && now - this.slotCache.at < SLOT_CACHE_MS) return this.slotCache.slots;
    const slots = openSlotsFrom(this.stores.sales, seoulDay(now)).then((rows) => rows.map(({ id, date, time, left }) => ({ id, date, time, remaining: left })));
    // A failed read is not cached, and the forms still render without slots.
    const safe = slots.catch((error: unknown) => {
      this.slotCache = null;
      log.warn({ err: errorField(error) }, 'leads: visit slots unavailable');
      return [];
    });
    this.slotCache = { at: now, slots: safe };
    return safe;
  }

  /** The next form reads the slots again (a booking took a place, or a slot was full). */
  forgetSlots(): void {
    this.slotCache = null;
  }
}
