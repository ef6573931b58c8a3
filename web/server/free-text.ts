/**
 * Invisible format characters (Unicode Cf: bidi overrides and isolates, zero-width spaces and
 * joiners, the BOM) in what a visitor or a staff member types: in a name they can show it reversed
 * or hide what it says, in the console and in every export. The server drops them from every
 * free-text field of a lead (name, message, utm values, memos) before it checks or stores them.
 */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

export function stripFormatCharacters(value: string): string {
  return value.replace(FORMAT_CHARACTERS, '');
}

/** The submitted fields with the free-text ones (those named) without format characters. */
export function withoutFormatCharacters(body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const cleaned = { ...body };
  for (const field of fields) {
    const value = cleaned[field];
    if (typeof value === 'string') cleaned[field] = stripFormatCharacters(value);
  }
  return cleaned;
}
