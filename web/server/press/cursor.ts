/**
 * The press list's opaque cursor: the last shown article's (date, _id) and how many articles came
 * before the next page (for the NO column), as base64url JSON.
 */
export type PressCursor = { date: string; id: string; position: number };

const MAX_CURSOR_LENGTH = 600;

export function encodeCursor(cursor: PressCursor): string {
  return Buffer.from(JSON.stringify([cursor.date, cursor.id, cursor.position])).toString('base64url');
}

/** The cursor, or null when the text is not one we issued (the caller answers 400). */
export function decodeCursor(text: string): PressCursor | null {
  if (text.length > MAX_CURSOR_LENGTH || !/^[\w-]+$/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [date, id, position] = value;
  if (typeof date !== 'string' || typeof id !== 'string' || !date || !id) return null;
  if (!Number.isSafeInteger(position) || position < 0) return null;
  return { date, id, position };
}
