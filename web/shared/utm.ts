/**
 * The campaign parameters a lead keeps from the page it came from, as `utm_<key>` in the URL
 * and the export and as `utm.<key>` on the stored lead. The lead schema, the server and the
 * export all read this one list.
 */
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

export type UtmKey = (typeof UTM_KEYS)[number];

export function utmParameterName<Key extends UtmKey>(key: Key): `utm_${Key}` {
  return `utm_${key}`;
}
