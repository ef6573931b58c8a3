/**
 * The one staff-session check of the console's downloads (leads, statistics, the audit trail),
 * for their resource routes' loaders: signed out, a link followed in the browser goes to the
 * sign-in, which brings the staff member back to the page the link was on; any other client gets
 * 401 JSON. A download for some roles answers the others 403 (with its own Korean line when
 * given); one another site started is not made (the page it belongs to instead, or 403). Every
 * answer is `no-store`: a refusal is returned as a `Response`, which the loader returns.
 */
import type { AppLoadContext } from 'react-router';
import { staffRefusalAnswer } from '../../shared/staff-refusals';
import { mayExport, type StaffIdentity, type StaffRole } from '../../shared/staff-roles';
import { parseExportReason, withoutExportReason } from '../../shared/export-reason';
import { startedByAnotherSite } from '../../shared/cross-site';
import type { StaffRequest } from './require-staff';

const downloadSessionMessages = {
  signInRequired: '로그인이 필요합니다. 상담 관리 화면에서 로그인한 뒤 다시 내려받아 주세요.',
  crossSite: '다른 사이트에서 연 내려받기 링크라 내려받지 않았습니다. 상담 관리 화면에서 다시 내려받아 주세요.',
};

const NO_STORE = 'no-store';

/** A refusal as JSON (`{ error, message }` and any more fields), never stored. */
export function downloadRefusal(status: number, body: { error: string; message: string } & Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': NO_STORE } });
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': NO_STORE } });
}

/**
 * One media range of an Accept header: its quality and its place in the header. A range with
 * parameters (`text/html;level=1`) names a narrower type than the ones asked about, which it
 * matches only when every parameter is `*` (then more specifically).
 */
type Accepted = { type: string; subtype: string; params: boolean; q: number; order: number };

function acceptedRanges(header: string): Accepted[] {
  return header.split(',').flatMap((part, order) => {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    const [type, subtype] = range.toLowerCase().split('/');
    if (!type || !subtype) return [];
    const quality = params.find((param) => /^q=/i.test(param));
    const others = params.filter((param) => param !== quality);
    if (others.some((param) => param.split('=')[1]?.trim() !== '*')) return [];
    return [{ type, subtype, params: others.length > 0, q: quality ? Number.parseFloat(quality.slice(2)) || 0 : 1, order }];
  });
}

type Priority = { q: number; specificity: number; order: number };

/** How a type is accepted: by the most specific range that matches it (then the higher quality, then the later). */
function priorityOf(ranges: Accepted[], type: string, subtype: string): Priority | undefined {
  let best: Priority | undefined;
  for (const range of ranges) {
    if ((range.type !== type && range.type !== '*') || (range.subtype !== subtype && range.subtype !== '*')) continue;
    const candidate = {
      q: range.q,
      specificity: (range.type === type ? 4 : 0) + (range.subtype === subtype ? 2 : 0) + (range.params ? 1 : 0),
      order: range.order,
    };
    if (!best || (candidate.specificity - best.specificity || candidate.q - best.q || candidate.order - best.order) > 0) best = candidate;
  }
  return best && best.q > 0 ? best : undefined;
}

/**
 * Whether the client prefers an HTML page to JSON, as Express's `req.accepts(['json', 'html'])`
 * decides it (its Negotiator's order: quality, then how specific the range that matched, then
 * its place in the header; JSON on a tie, and without an Accept header): a browser following a
 * link, not a script.
 */
function prefersPage(request: Request): boolean {
  const header = request.headers.get('Accept');
  if (header === null) return false;
  const ranges = acceptedRanges(header);
  const html = priorityOf(ranges, 'text', 'html');
  const json = priorityOf(ranges, 'application', 'json');
  if (!html) return false;
  if (!json) return true;
  return (html.q - json.q || html.specificity - json.specificity || json.order - html.order) > 0;
}

/** The signed-in staff member allowed this download, or the refusal to return. */
function staffOfDownload(
  request: Request,
  context: AppLoadContext,
  options: { returnTo: string; allowed?: (role: StaffRole) => boolean; forbidden?: string },
): StaffIdentity | Response {
  const staff = context.auth.session(request);
  if (!staff) {
    return prefersPage(request)
      ? seeOther(`/admin?next=${encodeURIComponent(options.returnTo)}`)
      : downloadRefusal(401, { error: 'unauthorized', message: downloadSessionMessages.signInRequired });
  }
  // Another site's link or script: nothing is read or recorded; a browser goes to the page the
  // download belongs to, where the staff member downloads it themselves.
  if (startedByAnotherSite(request.headers.get('Sec-Fetch-Site'))) {
    return prefersPage(request) ? seeOther(options.returnTo) : downloadRefusal(403, { error: 'crossSite', message: downloadSessionMessages.crossSite });
  }
  if (options.allowed && !options.allowed(staff.role)) {
    const { status, message } = staffRefusalAnswer('staffRoleForbidden');
    return downloadRefusal(status, { error: 'staffRoleForbidden', message: options.forbidden ?? message });
  }
  return staff;
}

/**
 * The staff member allowed an export (an admin or a 팀장 unless `allowed` narrows it) as the
 * audit record names them, the 사유 they gave and the download's other parameters (the page's
 * filters or range), or the refusal to return: 400 with the Korean line when the 사유 is missing.
 * `page`: the console page the download belongs to, where a refused browser is sent back.
 */
export function staffOfExport(
  { request, url }: StaffRequest,
  context: AppLoadContext,
  options: { page: string; allowed?: (role: StaffRole) => boolean; forbidden?: string },
): { actor: StaffIdentity & { ip: string }; reason: string; query: URLSearchParams } | Response {
  const params = url.searchParams;
  const query = withoutExportReason(params);
  const returnTo = `${options.page}${query.size > 0 ? `?${query}` : ''}`;
  const staff = staffOfDownload(request, context, { returnTo, allowed: options.allowed ?? mayExport, forbidden: options.forbidden });
  if (staff instanceof Response) return staff;
  const reason = parseExportReason(params);
  if ('error' in reason) return downloadRefusal(400, { error: reason.error, message: reason.message });
  return { actor: { ...staff, ip: context.clientIp }, reason: reason.reason, query };
}

/** A file to download, never stored: its type, its name (ASCII; the browser keeps it) and its body as it is made. */
export function downloadAnswer(
  body: ReadableStream<Uint8Array> | string,
  { contentType, fileName, cacheControl = NO_STORE }: { contentType: string; fileName: string; cacheControl?: string },
): Response {
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': cacheControl },
  });
}
