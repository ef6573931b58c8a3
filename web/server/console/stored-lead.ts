/**
 * A stored lead document as the console's SQL reads parse it, and the GROQ queries' result shapes
 * made from it (field for field what consoleLeadQuery and consoleLeadExportQuery project).
 */
import type { ConsoleLeadExportQueryResult, ConsoleLeadQueryResult } from '../../sanity/sanity.types';

export type StoredLead = {
  _id: string;
  _rev: string;
  createdAt?: string;
  name?: string;
  phone?: string;
  message?: string;
  formKind?: NonNullable<ConsoleLeadQueryResult>['formKind'];
  status?: NonNullable<ConsoleLeadQueryResult>['status'];
  assignee?: { email?: string; name?: string };
  visitSlot?: { _ref?: string };
  visitAt?: string;
  visitSlotStatus?: NonNullable<ConsoleLeadQueryResult>['visitSlotStatus'];
  consent?: NonNullable<ConsoleLeadQueryResult>['consent'];
  sourcePage?: string;
  utm?: NonNullable<ConsoleLeadQueryResult>['utm'];
  checkedInAt?: string;
  memos?: Array<{ _key: string; authorEmail?: string; authorName?: string; at?: string; text?: string }>;
  calls?: Array<{ _key: string; result?: string; callbackAt?: string; authorEmail?: string; authorName?: string; at?: string }>;
};

/** One row of consoleLeadExportQuery. */
export function exportRowOf(lead: StoredLead): ConsoleLeadExportQueryResult[number] {
  return {
    _id: lead._id,
    createdAt: lead.createdAt ?? null,
    name: lead.name ?? null,
    phone: lead.phone ?? null,
    message: lead.message ?? null,
    formKind: lead.formKind ?? null,
    status: lead.status ?? 'new',
    assigneeName: lead.assignee?.name ?? null,
    visitAt: lead.visitAt ?? null,
    visitSlotStatus: lead.visitSlotStatus ?? null,
    consent: lead.consent ?? null,
    sourcePage: lead.sourcePage ?? null,
    utm: lead.utm ?? null,
    checkedInAt: lead.checkedInAt ?? null,
    memos: lead.memos?.map((memo) => ({ at: memo.at ?? null, authorName: memo.authorName ?? null, text: memo.text ?? null })) ?? null,
    calls: lead.calls?.map((call) => ({ at: call.at ?? null, result: call.result ?? null, callbackAt: call.callbackAt ?? null })) ?? null,
  };
}

/** consoleLeadQuery's answer. */
export function consoleLeadOf(lead: StoredLead): NonNullable<ConsoleLeadQueryResult> {
  return {
    _id: lead._id,
    _rev: lead._rev,
    createdAt: lead.createdAt ?? null,
    name: lead.name ?? null,
    phone: lead.phone ?? null,
    message: lead.message ?? null,
    formKind: lead.formKind ?? null,
    sourcePage: lead.sourcePage ?? null,
    utm: lead.utm ?? null,
    consent: lead.consent ?? null,
    visitSlotId: lead.visitSlot?._ref ?? null,
    visitAt: lead.visitAt ?? null,
    visitSlotStatus: lead.visitSlotStatus ?? null,
    status: lead.status ?? 'new',
    assignee: lead.assignee ?? null,
    checkedInAt: lead.checkedInAt ?? null,
    memos:
      lead.memos?.map((memo) => ({
        _key: memo._key,
        authorEmail: memo.authorEmail ?? null,
        authorName: memo.authorName ?? null,
        at: memo.at ?? null,
        text: memo.text ?? null,
      })) ?? null,
    calls:
      lead.calls?.map((call) => ({
        _key: call._key,
        result: call.result ?? null,
        callbackAt: call.callbackAt ?? null,
        authorEmail: call.authorEmail ?? null,
        authorName: call.authorName ?? null,
        at: call.at ?? null,
      })) ?? null,
  };
}
