/**
 * The Sanity webhook route: a publish signed with the shared secret purges the cached content, so
 * the next request shows the Studio's edit without waiting for the cache TTL; an unsigned or
 * wrongly signed call changes nothing, nor does an old signature, a replayed delivery or a change
 * to view counts; a document of Sanity's default payload size is accepted; when the other instances
 * cannot be told of the change, 503 and the retry accepted. Runs against the Sanity
 * backend with a stub API on 127.0.0.1.
 */
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { afterEach, describe, expect, it } from 'vitest';
import { createSanitySource } from '../../../web/server/content/sanity';
import { createContentWebhook } from '../../../web/server/content/webhook';
import { ContentLake, type ContentLakeOptions } from '../../support/content-lake';

const SECRET = 'webhook-secret-for-tests';
const PHONE_QUERY = '*[_id == "siteSettings"][0].phone';

let sanity: ContentLake | undefined;

afterEach(async () => {
  await sanity?.stop();
  sanity = undefined;
});

async function start(announce?: () => Promise<void>, lakeOptions: ContentLakeOptions = {}) {
  sanity = new ContentLake(lakeOptions);
  const apiHost = await sanity.start({ production: [{ _id: 'siteSettings', _type: 'siteSettings', phone: '1600-0000' }] });
  // An hour-long cache: only the webhook can make the edit show.
  const content = createSanitySource({ projectId: 'test', dataset: 'production', apiVersion: '2025-02-19', useCdn: false, apiHost, cacheTtlMs: 3_600_000 });
  const webhook = createContentWebhook({ secret: SECRET, content, announce });
  // The route's Request as React Router hands it over (the built server's tests call it over HTTP).
  const call = (body: string, signature?: string, headers: Record<string, string> = {}) =>
    webhook(
      new Request('http://127.0.0.1/api/sanity/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER_NAME]: signature } : {}), ...headers },
        body,
      }),
    );
  // An edit made in the Studio, which this server learns of only through the webhook.
  const editPhone = async (phone: string) => sanity!.dataset('production').mutate([{ patch: { id: 'siteSettings', set: { phone } } }]);
  return { content, call, editPhone, lake: sanity };
}

describe('POST /api/sanity/webhook', () => {
  it('a signed publish purges the cache: the edit shows on the next request', async () => {
    const { content, call, editPhone } = await start();
    expect(await content.fetch(PHONE_QUERY)).toBe('1600-0000');
    await editPhone('1588-1234');
    expect(await content.fetch(PHONE_QUERY), 'still cached before the webhook').toBe('1600-0000');
    const pageVersion = content.changeVersion();

    const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
    const response = await call(body, await encodeSignatureHeader(body, Date.now(), SECRET));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revalidated: true });
    expect(await content.fetch(PHONE_QUERY)).toBe('1588-1234');
    // The page cache keys pages by this version: they are rendered again on the next request too.
    expect(content.changeVersion()).not.toBe(pageVersion);
  });

  it('refuses a missing, malformed, foreign or replayed-with-another-body signature with 401 and keeps the cache', async () => {
    const { content, call, editPhone } = await start();
    expect(await content.fetch(PHONE_QUERY)).toBe('1600-0000');
    await editPhone('1588-1234');
    const body = '{"_id":"siteSettings"}';
    const signedForOther = await encodeSignatureHeader('{"_id":"other"}', Date.now(), SECRET);
    for (const signature of [undefined, 'garbage', await encodeSignatureHeader(body, Date.now(), 'not-the-secret'), signedForOther]) {
      const response = await call(body, signature);
      expect(response.status, String(signature)).toBe(401);
      expect(await response.json()).toEqual({ error: 'invalidSignature', message: '서명이 올바르지 않습니다.' });
    }
    expect(await content.fetch(PHONE_QUERY)).toBe('1600-0000');
  });
});

describe('POST /api/sanity/webhook before the write is queryable', () => {
  it("waits until the API answers the delivered revision before purging: the Studio's publish shows, not the content before it", async () => {
    // The Studio publishes through the Actions API, visible to queries a moment later; Sanity may call at once.
    const { content, call, lake } = await start(undefined, { asyncVisibilityMs: 300 });
    expect(await content.fetch(PHONE_QUERY)).toBe('1600-0000');
    lake.dataset('production').mutate([{ createOrReplace: { _id: 'drafts.siteSettings', _type: 'siteSettings', phone: '1588-1234' } }]);
    const { transactionId } = lake
      .dataset('production')
      .act([{ actionType: 'sanity.action.document.publish', draftId: 'drafts.siteSettings', publishedId: 'siteSettings' }]);
    const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings', _rev: transactionId, phone: '1588-1234' });
    const response = await call(body, await encodeSignatureHeader(body, Date.now(), SECRET));
    expect(response.status).toBe(200);
    expect(await content.fetch(PHONE_QUERY)).toBe('1588-1234');
  });
});

describe('POST /api/sanity/webhook against replays', () => {
  it('refuses a correctly signed delivery whose timestamp is more than 5 minutes off (a 2021 capture replayed)', async () => {
    const { content, call, editPhone } = await start();
    expect(await content.fetch(PHONE_QUERY)).toBe('1600-0000');
    await editPhone('1588-1234');
    const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
    for (const signedAt of [Date.UTC(2021, 5, 1), Date.now() - 6 * 60 * 1000, Date.now() + 6 * 60 * 1000]) {
      const response = await call(body, await encodeSignatureHeader(body, signedAt, SECRET));
      expect(response.status, new Date(signedAt).toISOString()).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'staleSignature' });
    }
    expect(await content.fetch(PHONE_QUERY), 'nothing purged').toBe('1600-0000');
  });

  // Sanity retries only on 429 and 5xx and records any other 4xx as a failed delivery, so a
  // redelivery of a delivery already processed is acknowledged (2xx) without a second purge.
  it('acknowledges a redelivery 200 without purging (same idempotency key, or same signature without one)', async () => {
    const { content, call, editPhone } = await start();
    const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
    const signature = await encodeSignatureHeader(body, Date.now(), SECRET);
    expect((await call(body, signature, { 'idempotency-key': 'delivery-1' })).status).toBe(200);
    expect(await content.fetch(PHONE_QUERY)).toBe('1600-0000');
    await editPhone('1588-1234');
    const replay = await call(body, await encodeSignatureHeader(body, Date.now(), SECRET), { 'idempotency-key': 'delivery-1' });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ revalidated: false, duplicate: true });
    expect((await call(body, signature)).status, 'the same signature again').toBe(200);
    expect(await content.fetch(PHONE_QUERY), 'the replays purged nothing').toBe('1600-0000');
    // A new delivery (another key) still purges.
    expect((await call(body, await encodeSignatureHeader(body, Date.now(), SECRET), { 'idempotency-key': 'delivery-2' })).status).toBe(200);
    expect(await content.fetch(PHONE_QUERY)).toBe('1588-1234');
  });

  it("answers 503 when the other instances cannot be told, and accepts Sanity's retry of that delivery", async () => {
    let databaseUp = false;
    const announced: string[] = [];
    const { call } = await start(async () => {
      if (!databaseUp) throw new Error('connection refused');
      announced.push('change');
    });
    const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
    const signature = await encodeSignatureHeader(body, Date.now(), SECRET);
    const failed = await call(body, signature, { 'idempotency-key': 'delivery-9' });
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ error: 'announceFailed', message: '다른 서버에 변경을 알리지 못했습니다. 잠시 후 다시 보내 주세요.' });
    databaseUp = true;
    expect((await call(body, signature, { 'idempotency-key': 'delivery-9' })).status, 'the retry').toBe(200);
    expect(announced).toEqual(['change']);
  });

  it("accepts a large document (Sanity's default payload is the whole document)", async () => {
    const { content, call, editPhone } = await start();
    expect(await content.fetch(PHONE_QUERY)).toBe('1600-0000');
    await editPhone('1588-1234');
    const body = JSON.stringify({ _id: 'page-big', _type: 'page', body: [{ _type: 'block', text: '가'.repeat(150_000) }] });
    expect(Buffer.byteLength(body)).toBeGreaterThan(400_000);
    const response = await call(body, await encodeSignatureHeader(body, Date.now(), SECRET));
    expect(response.status).toBe(200);
    expect(await content.fetch(PHONE_QUERY)).toBe('1588-1234');
  });
});
