import { timingSafeEqual } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { stegaClean } from '@sanity/client/stega';
import { decodeSignatureHeader, encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { LRUCache } from 'lru-cache';
import { documentRevisionQuery } from '../../sanity/queries';
import { errorField, log } from '../observability/log';
import type { ContentSource } from './types';

/** A delivery signed longer ago (or further ahead) than this is refused: a replayed old call. */
export const SANITY_WEBHOOK_MAX_AGE_MS = 5 * 60 * 1000;
/**
 * How long a delivery waits for its revision to be queryable, and how often it asks: the Studio's
 * writes become visible asynchronously, and Sanity may call before (a deletion never shows its
 * revision, so it waits the whole time; Sanity waits 30 s for an answer).
 */
const QUERYABLE_WAIT_MS = 5_000;
const QUERYABLE_POLL_MS = 100;
/** Deliveries remembered to refuse a replay inside the window; bounded, oldest forgotten first. */
const REMEMBERED_DELIVERIES = 10_000;

type WebhookOptions = {
  secret: string | undefined;
  content: ContentSource;
  /** Several instances (DATABASE_URL): tells the others to purge too (postgres/content-changes.ts). */
  announce?: () => Promise<void>;
  now?: () => number;
};

// No Cache-Control of its own: the server marks every write's answer `private, no-store`.
const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status });

const fail = (status: number, error: string, message: string) => answer(status, { error, message });

/** Sanity sends JSON; a body of another type is not read (then no signature matches it). */
const isJson = (request: Request) => /^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '');

/** The webhook's answer to one delivery (the resource route `routes/api/sanity-webhook.ts` returns it). */
export type ContentWebhook = (request: Request) => Promise<Response>;

/**
 * POST /api/sanity/webhook: Sanity calls it on publish (its body is within the API's 1 MB limit,
 * which holds the default payload, the whole document, of any of this site's schemas); a valid, fresh, first-seen delivery
 * purges the content cache so Studio edits show on the next request without waiting for the TTL,
 * on every instance: the one called announces the change to the others before it answers. If it
 * cannot, it answers 503 and forgets the delivery, so Sanity's retry is accepted.
 *
 * - the signature (`t=<ms>,v1=<HMAC>`) is compared in constant time;
 * - its timestamp must be within ±5 minutes of now (401), so a captured delivery cannot be
 *   replayed later;
 * - inside that window, a delivery seen before (the same `idempotency-key` header, which Sanity
 *   sends with every delivery, or the same signature) is acknowledged 200 and changes nothing:
 *   Sanity retries only on 429 and 5xx and records any other 4xx as a failed delivery;
 * - a delivery carrying a document's `_id` and `_rev` (Sanity's default payload) purges once the
 *   API answers that revision (at most 5 s later): purged earlier, the next read would put the
 *   content from before the write back in the cache.
 */
export function createContentWebhook(options: WebhookOptions): ContentWebhook {
  const now = options.now ?? Date.now;
  // Delivery key → when it stops mattering (its timestamp is then out of the window anyway).
  const seen = new LRUCache<string, number>({ max: REMEMBERED_DELIVERIES });

  return async (request) => {
    if (!options.secret) return fail(404, 'webhookDisabled', '웹훅이 설정되지 않았습니다.');
    const signature = request.headers.get(SIGNATURE_HEADER_NAME) ?? '';
    const body = isJson(request) ? await request.text() : '';
    const signedAt = await verifiedTimestamp(body, signature, options.secret);
    if (signedAt === null) return fail(401, 'invalidSignature', '서명이 올바르지 않습니다.');
    const time = now();
    if (Math.abs(time - signedAt) > SANITY_WEBHOOK_MAX_AGE_MS) {
      return fail(401, 'staleSignature', '서명 시각이 5분 이상 차이 납니다. 재전송된 요청으로 보고 거절합니다.');
    }
    const deliveryKeys = [`signature:${signature}`];
    const idempotencyKey = request.headers.get('idempotency-key');
    if (idempotencyKey) deliveryKeys.push(`key:${idempotencyKey}`);
    if (deliveryKeys.some((key) => (seen.get(key) ?? 0) > time)) return answer(200, { revalidated: false, duplicate: true });
    for (const key of deliveryKeys) seen.set(key, signedAt + 2 * SANITY_WEBHOOK_MAX_AGE_MS);

    // If the API cannot be asked, the purge is still better than none.
    await untilQueryable(options.content, body).catch((error: unknown) =>
      console.warn(`[webhook] purging without the revision check: ${(error as Error).message}`),
    );
    options.content.invalidate();
    try {
      await options.announce?.();
    } catch (error) {
      log.error({ err: errorField(error) }, 'webhook: other instances were not told of the change');
      for (const key of deliveryKeys) seen.delete(key);
      return fail(503, 'announceFailed', '다른 서버에 변경을 알리지 못했습니다. 잠시 후 다시 보내 주세요.');
    }
    return answer(200, { revalidated: true });
  };
}

/** The signature's timestamp (ms) when it signs this body with our secret; null otherwise. */
async function verifiedTimestamp(body: string, signature: string, secret: string): Promise<number | null> {
  try {
    const { timestamp } = decodeSignatureHeader(signature);
    const expected = Buffer.from(await encodeSignatureHeader(body, timestamp, secret));
    const given = Buffer.from(signature.trim());
    return expected.length === given.length && timingSafeEqual(expected, given) ? timestamp : null;
  } catch {
    // A malformed header or an empty body is a bad request from the caller, not a server fault.
    return null;
  }
}

/** Resolves once the API answers the revision the payload carries (or after QUERYABLE_WAIT_MS). */
async function untilQueryable(content: ContentSource, body: string): Promise<void> {
  let payload: { _id?: unknown; _rev?: unknown } | null;
  try {
    payload = JSON.parse(body) as typeof payload;
  } catch {
    return;
  }
  if (typeof payload?._id !== 'string' || typeof payload._rev !== 'string') return;
  const api = content.drafts('published');
  const giveUpAt = Date.now() + QUERYABLE_WAIT_MS;
  while (Date.now() < giveUpAt) {
    const revision = stegaClean(await api.fetch(documentRevisionQuery, { id: payload._id }));
    if (revision === payload._rev) return;
    await delay(QUERYABLE_POLL_MS);
  }
}
