/**
 * The Content Lake stand-in (tests/support/content-lake.ts) is as strict as the service it
 * stands for (docs/sanity-stand-in.md): each behaviour the Sanity-mode tests rely on, checked
 * with @sanity/client itself over Sanity's real host names.
 */
import { createClient, type SanityClient } from '@sanity/client';
import { stegaClean } from '@sanity/client/stega';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentLake, EDITOR_TOKEN, VIEWER_TOKEN, type ContentLakeOptions } from '../../support/content-lake';
import { routeSanityHosts } from '../../support/route-sanity-hosts.mjs';

let lake: ContentLake | undefined;
let unroute = () => undefined as void;

afterEach(async () => {
  unroute();
  await lake?.stop();
  lake = undefined;
});

const SETTINGS = { _id: 'siteSettings', _type: 'siteSettings', brandName: '청학 파크', pressSiteSlug: 'cheonghak' };

async function open(options: ContentLakeOptions = {}) {
  lake = new ContentLake(options);
  unroute = routeSanityHosts(
    await lake.start({
      production: [SETTINGS, { ...SETTINGS, _id: 'drafts.siteSettings', brandName: '청학 파크 초안' }, { _id: 'secret.path', _type: 'note' }],
      leads: [{ _id: 'lead-1', _type: 'lead', name: '홍길동' }],
    }),
  );
  return lake;
}

function client(options: { dataset?: string; token?: string; apiVersion?: string; useCdn?: boolean } = {}): SanityClient {
  return createClient({
    projectId: 'test',
    dataset: options.dataset ?? 'production',
    apiVersion: options.apiVersion ?? '2025-02-19',
    token: options.token,
    useCdn: options.useCdn ?? false,
    maxRetries: 0,
  });
}

const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { statusCode?: number }) => error.statusCode,
  );

describe('the Content Lake stand-in', () => {
  it('answers only the real paths and API versions: 404 for others, 400 for an unknown version', async () => {
    const lake = await open();
    expect(await status(client().request({ uri: '/data/nothing/production' }))).toBe(404);
    expect(await status(client({ apiVersion: '2019-01-01' }).fetch('1'))).toBe(400);
    expect(await status(client({ apiVersion: '2999-01-01' }).fetch('1'))).toBe(400);
    expect(await status(client({ dataset: 'staging' }).fetch('1'))).toBe(404);
    expect(lake.requests.every(({ host }) => host === 'test.api.sanity.io')).toBe(true);
  });

  it('keeps datasets apart and checks tokens per dataset', async () => {
    await open({ tokens: { [EDITOR_TOKEN]: { leads: 'editor' }, [VIEWER_TOKEN]: 'viewer' } });
    expect(await client({ dataset: 'leads' }).fetch('count(*)'), 'a private dataset, anonymously').toBe(0);
    expect(await client({ dataset: 'leads', token: VIEWER_TOKEN }).fetch('count(*)')).toBe(1);
    expect(await client().fetch('count(*[_type == "lead"])'), 'leads are not in the content dataset').toBe(0);
    expect(await client().fetch('*[_id == "secret.path"][0]'), 'not on the root path, anonymously').toBeNull();
    expect(await status(client({ dataset: 'leads', token: 'sk-unknown' }).fetch('1'))).toBe(401);
    const write = (token: string | undefined, dataset: string) => status(client({ token, dataset }).create({ _type: 'lead' }));
    expect(await write(undefined, 'leads')).toBe(401);
    expect(await write(VIEWER_TOKEN, 'leads')).toBe(403);
    expect(await write(EDITOR_TOKEN, 'production'), 'an editor of the leads dataset only').toBe(403);
    expect(await write(EDITOR_TOKEN, 'leads')).toBe(200);
  });

  it('checks a dryRun like a write, and writes nothing', async () => {
    const lake = await open();
    expect(await status(client({ token: VIEWER_TOKEN }).create({ _type: 'x' }, { dryRun: true }))).toBe(403);
    expect(await status(client({ token: EDITOR_TOKEN }).create({ _id: 'siteSettings', _type: 'x' }, { dryRun: true }))).toBe(409);
    expect(await status(client({ token: EDITOR_TOKEN }).create({ _id: 'new-one', _type: 'x' }, { dryRun: true }))).toBe(200);
    expect(lake.dataset('production').get('new-one')).toBeUndefined();
  });

  it('reads with the perspectives of the API version: published by default from 2025-02-19, raw before; drafts need a token', async () => {
    await open();
    const names = (c: SanityClient, perspective?: 'raw' | 'drafts' | 'published' | 'previewDrafts') =>
      (perspective ? c.withConfig({ perspective }) : c).fetch<string[]>('*[_type == "siteSettings"] | order(_id asc).brandName');
    const viewer = client({ token: VIEWER_TOKEN });
    expect(await names(viewer)).toEqual(['청학 파크']);
    expect(await names(client({ token: VIEWER_TOKEN, apiVersion: '2024-01-01' }))).toEqual(['청학 파크 초안', '청학 파크']);
    expect(await names(viewer, 'raw')).toEqual(['청학 파크 초안', '청학 파크']);
    expect(await names(viewer, 'drafts')).toEqual(['청학 파크 초안']);
    expect(await names(viewer, 'previewDrafts')).toEqual(['청학 파크 초안']);
    expect(await names(client(), 'drafts'), 'anonymously').toEqual(['청학 파크']);
    expect(await status(client({ apiVersion: '2024-01-01' }).withConfig({ perspective: 'drafts' }).fetch('1')), 'drafts is newer than 2024').toBe(400);
  });

  it('reads a perspective stack (releases over drafts over published) from 2025-02-19, as @sanity/client sends it', async () => {
    const lake = await open();
    lake
      .dataset('production')
      .mutate([
        { createOrReplace: { ...SETTINGS, _id: 'versions.rSpring.siteSettings', brandName: '청학 파크 봄' } },
        { createOrReplace: { _id: 'versions.rSpring.newPage', _type: 'page', title: '봄 페이지' } },
      ]);
    const viewer = client({ token: VIEWER_TOKEN });
    const read = (perspective: string[]) =>
      viewer
        .withConfig({ perspective })
        .fetch<Array<{ _id: string; _originalId: string }>>('*[_type in ["siteSettings", "page"]] | order(_id asc){_id, _originalId}');
    expect(await read(['rSpring', 'drafts'])).toEqual([
      { _id: 'newPage', _originalId: 'versions.rSpring.newPage' },
      { _id: 'siteSettings', _originalId: 'versions.rSpring.siteSettings' },
    ]);
    expect(lake.requests.at(-1)?.perspective).toBe('rSpring,drafts');
    expect(await read(['rAutumn', 'drafts']), 'a release without versions: drafts over published').toEqual([
      { _id: 'siteSettings', _originalId: 'drafts.siteSettings' },
    ]);
    expect(await read(['drafts', 'rSpring']), 'the order decides').toEqual([
      { _id: 'newPage', _originalId: 'versions.rSpring.newPage' },
      { _id: 'siteSettings', _originalId: 'drafts.siteSettings' },
    ]);
    expect(
      await client()
        .withConfig({ perspective: ['rSpring', 'drafts'] })
        .fetch('count(*[_type == "page"])'),
      'anonymously: published only',
    ).toBe(0);
    expect(
      await status(
        client({ token: VIEWER_TOKEN, apiVersion: '2025-01-01' })
          .withConfig({ perspective: ['rSpring', 'drafts'] })
          .fetch('1'),
      ),
      'stacks are from 2025-02-19',
    ).toBe(400);
    expect(await status(viewer.request({ uri: '/data/query/production?query=1&perspective=rSpring,raw' })), 'raw cannot be stacked').toBe(400);
    expect(await status(viewer.request({ uri: '/data/query/production?query=1&perspective=r%20x,drafts' })), 'not a release id').toBe(400);
  });

  it('returns a content source map when asked, so @sanity/client applies stega', async () => {
    await open();
    const stega = client({ token: VIEWER_TOKEN }).withConfig({ perspective: 'drafts', stega: { enabled: true, studioUrl: 'https://studio.example' } });
    const settings = await stega.fetch<{ brandName: string; pressSiteSlug: string }>('*[_id == "siteSettings"][0]{brandName, pressSiteSlug}');
    expect(settings.brandName).not.toBe('청학 파크 초안');
    expect(stegaClean(settings.brandName)).toBe('청학 파크 초안');
    expect(settings.pressSiteSlug).not.toBe('cheonghak');
  });

  it('caches CDN answers until a write to a published document invalidates the whole dataset, after the propagation delay; stale while revalidating unless noStale', async () => {
    let now = Date.parse('2026-03-02T09:00:00Z');
    const lake = await open({ cdnPropagationMs: 45_000, now: () => now });
    const cdn = client({ useCdn: true });
    const editor = client({ token: EDITOR_TOKEN });
    const brand = (options: { cacheMode?: 'noStale' } = {}) => cdn.fetch<string>('*[_id == "siteSettings"][0].brandName', {}, options);
    const notes = (options: { cacheMode?: 'noStale' } = {}) => cdn.fetch<number>('count(*[_type == "note"])', {}, options);
    const cacheLog = () => lake.requests.filter((request) => request.cdn).map((request) => request.cdnCache);

    expect([await brand(), await notes(), await brand()]).toEqual(['청학 파크', 0, '청학 파크']);
    expect(cacheLog()).toEqual(['miss', 'miss', 'hit']);
    await editor.createOrReplace({ ...SETTINGS, _id: 'drafts.siteSettings', brandName: '초안만' });
    now += 60_000;
    expect(await brand(), 'a draft write invalidates nothing').toBe('청학 파크');

    await editor.patch('siteSettings').set({ brandName: '새 이름' }).commit();
    expect(await client().fetch('*[_id == "siteSettings"][0].brandName'), 'the API at once').toBe('새 이름');
    now += 44_000;
    expect(await brand(), 'before the invalidation reaches the CDN').toBe('청학 파크');
    now += 1_000;
    expect(await brand(), 'invalidated: the stale answer while the CDN refreshes').toBe('청학 파크');
    expect(await brand(), 'refreshed').toBe('새 이름');
    await editor.create({ _id: 'note-2', _type: 'note' });
    now += 45_000;
    expect(await notes({ cacheMode: 'noStale' }), 'the whole dataset, and noStale waits for the origin').toBe(1);
    expect(cacheLog().slice(3)).toEqual(['hit', 'hit', 'stale', 'hit', 'miss']);
    expect(lake.requests.at(-1)?.url.searchParams.get('cacheMode')).toBe('noStale');
    expect(lake.requests.at(-1)?.host).toBe('test.apicdn.sanity.io');
    expect(await status(client({ useCdn: true, token: VIEWER_TOKEN }).request({ uri: '/data/mutate/production', method: 'GET' }))).toBe(405);
  });

  it("commits the Studio's edits through the Actions API: edit a published document (its draft starts from it), publish with a revision check; visible after asyncVisibilityMs", async () => {
    let now = Date.parse('2026-03-02T09:00:00Z');
    const lake = await open({ asyncVisibilityMs: 2_000, now: () => now });
    const editor = client({ token: EDITOR_TOKEN });
    const viewer = client({ token: VIEWER_TOKEN });
    const draftBrand = () => viewer.withConfig({ perspective: 'raw' }).fetch<string | null>('*[_id == "drafts.siteSettings"][0].brandName');
    await editor.createOrReplace({ _id: 'press-1', _type: 'pressArticle', title: '기사' });
    const edited = await editor.action({
      actionType: 'sanity.action.document.edit',
      draftId: 'drafts.press-1',
      publishedId: 'press-1',
      patch: { set: { title: '고친 기사' } },
    });
    expect(edited.transactionId).toEqual(expect.any(String));
    expect(await viewer.withConfig({ perspective: 'drafts' }).fetch('*[_id == "press-1"][0].title'), 'not yet visible').toBe('기사');
    now += 2_000;
    expect(await viewer.withConfig({ perspective: 'drafts' }).fetch('*[_id == "press-1"][0].title')).toBe('고친 기사');

    const draft = lake.dataset('production').get('drafts.press-1')!;
    const publish = (ifDraftRevisionId: string) =>
      editor.action({ actionType: 'sanity.action.document.publish', draftId: 'drafts.press-1', publishedId: 'press-1', ifDraftRevisionId });
    expect(await status(publish('an-old-revision'))).toBe(409);
    await publish(String(draft._rev));
    now += 2_000;
    expect(await client().fetch('*[_id == "press-1"][0].title')).toBe('고친 기사');
    expect(lake.dataset('production').get('drafts.press-1')).toBeUndefined();

    expect(await status(editor.action({ actionType: 'sanity.action.document.discard', draftId: 'drafts.nothing' }))).toBe(409);
    await editor.action({ actionType: 'sanity.action.document.discard', draftId: 'drafts.siteSettings' });
    expect(await draftBrand(), 'a discard, before it is visible').toBe('청학 파크 초안');
    now += 2_000;
    expect(await draftBrand()).toBeNull();
    expect(
      await status(
        editor.request({
          uri: '/data/actions/production',
          method: 'POST',
          body: { actions: [{ actionType: 'sanity.action.document.teleport', publishedId: 'x' }] },
        }),
      ),
      'an unknown action',
    ).toBe(400);
    expect(await status(viewer.action({ actionType: 'sanity.action.document.discard', draftId: 'drafts.press-1' }))).toBe(403);
    expect(lake.requests.filter(({ endpoint }) => endpoint === 'actions').length).toBe(7);
  });

  it('answers 429 past the mutation rate', async () => {
    await open({ mutationsPerSecond: 3 });
    const editor = client({ token: EDITOR_TOKEN });
    const statuses = await Promise.all([1, 2, 3, 4, 5].map(() => status(editor.create({ _type: 'x' }))));
    expect(statuses.sort()).toEqual([200, 200, 200, 429, 429]);
  });
});
