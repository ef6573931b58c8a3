import type { LeadSettingsQueryResult } from '../sanity/sanity.types';

/** The consent notice shown beside every lead form (editors keep it in Sanity's leadSettings). */
export type LeadNotice = NonNullable<LeadSettingsQueryResult>;

export type VisitSlotOption = { id: string; date: string; time: string; remaining: number };

/** What a lead form needs to render: its token, the consent notice and the visit slots. */
export type LeadFormData = { token: string; notice: LeadNotice | null; slots: VisitSlotOption[] };
