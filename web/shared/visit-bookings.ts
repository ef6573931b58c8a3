/** The reception desk's visit sheet, and booking a visit from the console (lead page, desk). */
import type { LeadChangeResult } from './lead-dto';
import type { LeadStatus } from './lead-status';

/** A visitor on a day's sheet. */
export type VisitSheetVisitor = {
  leadId: string;
  rev: string;
  name: string;
  maskedPhone: string;
  status: LeadStatus;
  /** 담당자: who works this customer. */
  assigneeName: string | null;
  lastMemo: string | null;
  checkedInAt: string | null;
};

/** A day's model-house visits for the reception desk. */
export type VisitSheet = {
  date: string;
  slots: Array<{ id: string; time: string; capacity: number; booked: number; bookings: VisitSheetVisitor[] }>;
  /** 현장 방문: walk-ins registered at the desk that day, checked in, holding no slot place. */
  walkIns: VisitSheetVisitor[];
};

/** A day with the slots a booking may choose (places left, today or later). */
export type OpenSlotDay = { date: string; slots: Array<{ id: string; time: string; left: number }> };

/** Why a booking from the console (lead page, desk) was refused, beside a change's reasons. */
export type BookingRefusal = 'slotFull' | 'slotMissing' | 'contended' | 'alreadyBooked' | 'notBooked' | 'sameSlot';
export type BookingResult = LeadChangeResult | { ok: false; error: BookingRefusal };
