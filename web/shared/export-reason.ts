/**
 * The 사유 every download of the console asks for (leads, statistics, the audit trail): the form
 * sends it as `reason`, the export route reads it back the same way and writes it into the
 * export's audit record.
 */
export const EXPORT_REASON_PARAM = 'reason';
export const EXPORT_REASON_MAX = 200;

export const exportReasonMessages = {
  reasonRequired: '내려받는 사유를 입력해 주세요.',
  reasonTooLong: `내려받는 사유는 ${EXPORT_REASON_MAX}자 이내로 입력해 주세요.`,
};

/** The trimmed 사유 of a download's query, or the refusal's code and Korean line. */
export function parseExportReason(params: URLSearchParams): { reason: string } | { error: keyof typeof exportReasonMessages; message: string } {
  // Whitespace of any kind (a pasted line break) reads as one space in the record.
  const reason = (params.get(EXPORT_REASON_PARAM) ?? '').replace(/\s+/g, ' ').trim();
  if (!reason) return { error: 'reasonRequired', message: exportReasonMessages.reasonRequired };
  if ([...reason].length > EXPORT_REASON_MAX) return { error: 'reasonTooLong', message: exportReasonMessages.reasonTooLong };
  return { reason };
}

/** The query of a download without its 사유: what the record names as the export's conditions. */
export function withoutExportReason(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  rest.delete(EXPORT_REASON_PARAM);
  return rest;
}
