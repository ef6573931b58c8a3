/**
 * The opaque cursor of every paged list (press articles, leads, the audit trail): the sort keys of
 * the last row shown, as base64url JSON. A cursor that is not one we issued (edited, truncated,
 * too long) decodes to null; each list decides what that means (400, or the first page).
 */
const MAX_CURSOR_LENGTH = 600;

type PartKind = 'text' | 'count';
type PartOf<Kind extends PartKind> = Kind extends 'count' ? number : string;
export type CursorParts<Kinds extends readonly PartKind[]> = { -readonly [Index in keyof Kinds]: PartOf<Kinds[Index]> };

export function encodeCursor(parts: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The parts, each of its kind (`text`: a non-empty string, `count`: a whole number ≥ 0), or null. */
export function decodeCursor<const Kinds extends readonly PartKind[]>(text: string | undefined, kinds: Kinds): CursorParts<Kinds> | null {
  if (!text || text.length > MAX_CURSOR_LENGTH || !/^[\w-]+$/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== kinds.length) return null;
  const fits = kinds.every((kind, index) =>
    kind === 'count' ? Number.isSafeInteger(value[index]) && value[index] >= 0 : typeof value[index] === 'string' && value[index] !== '',
  );
  return fits ? (value as CursorParts<Kinds>) : null;
}
