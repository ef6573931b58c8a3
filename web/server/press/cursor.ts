/**
 * The press list's opaque cursor: the last shown article's (date, _id) and how many articles came
 * before the next page (for the NO column), as base64url JSON.
 */
import { decodeCursor, encodeCursor } from '../cursor';

export type PressCursor = { date: string; id: string; position: number };

export function encodePressCursor(cursor: PressCursor): string {
  return encodeCursor([cursor.date, cursor.id, cursor.position]);
}

/** The cursor, or null when the text is not one we issued (the caller answers 400). */
export function decodePressCursor(text: string): PressCursor | null {
  const parts = decodeCursor(text, ['text', 'text', 'count']);
  return parts && { date: parts[0], id: parts[1], position: parts[2] };
}
