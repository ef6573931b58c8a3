/** Where a lead came from, as its form reports it: the page path and its utm_* parameters, and the visit's first page. */
import { stripControlCharacters } from '../../shared/lead-validation';
import { ownPagePath } from '../../shared/own-page-path';
import { UTM_KEYS, utmParameterName } from '../../shared/utm';
import { stripFormatCharacters } from '../free-text';
import type { LeadDocument } from './store';

const MAX_SOURCE_PAGE = 500;
const MAX_UTM_VALUE = 200;

/** The page path (no query string) and its utm_* parameters; anything not a local path is dropped. */
export function parseSourcePage(value: unknown): { sourcePage?: string; utm?: LeadDocument['utm'] } {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.length > 2000) return {};
  let url: URL;
  try {
    url = new URL(value, 'http://localhost');
  } catch {
    return {};
  }
  const utm: NonNullable<LeadDocument['utm']> = {};
  for (const key of UTM_KEYS) {
    const parameter = url.searchParams.get(utmParameterName(key));
    const clean = parameter && stripFormatCharacters(stripControlCharacters(parameter)).slice(0, MAX_UTM_VALUE);
    if (clean) utm[key] = clean;
  }
  return {
    sourcePage: stripFormatCharacters(stripControlCharacters(decodeSafely(url.pathname))).slice(0, MAX_SOURCE_PAGE),
    ...(Object.keys(utm).length > 0 ? { utm } : {}),
  };
}

/** The visit's first page: a path of one of our pages, else nothing. */
export function parseLandingPage(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const page = ownPagePath(value);
  return page !== '/' || value === '/' ? page.split('?')[0]!.slice(0, MAX_SOURCE_PAGE) : undefined;
}

function decodeSafely(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
