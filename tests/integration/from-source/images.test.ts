import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_IMAGE_CONFIG, imageDimensions, responsiveImage, urlFor } from '../../../web/sanity/image';
import { openEmbeddedStore, type EmbeddedStore } from '../../../web/server/content/embedded';
import { createImageHandler, encodeImage } from '../../../web/server/images';

const fixtures = path.resolve(import.meta.dirname, '../../support/fixtures/content');

let tempDir: string;
let store: EmbeddedStore;
let server: http.Server;
let origin: string;
let heroFile: string;
let heroSha1: string;
let heroImage: { _type: string; asset: { _type: 'reference'; _ref: string } };

beforeAll(async () => {
  // A copy of the fixture seed, so a test may delete an image file to prove the cache serves it.
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-'));
  fs.cpSync(fixtures, path.join(tempDir, 'content'), { recursive: true });
  fs.writeFileSync(path.join(tempDir, 'secret.txt'), 'not an image');
  heroFile = path.join(tempDir, 'content/images/hero.webp');
  heroSha1 = createHash('sha1').update(fs.readFileSync(heroFile)).digest('hex');
  store = await openEmbeddedStore({
    file: ':memory:',
    seedFile: path.join(tempDir, 'content/seed.ndjson'),
    rootDir: tempDir,
  });
  heroImage = (await store.fetch('*[_id == "homePage"][0].hero.image')) as typeof heroImage;

  // An asset document whose path escapes the root: the handler must never read it.
  await store.mutate([
    {
      create: {
        _id: `image-${'a'.repeat(40)}-10x10-png`,
        _type: 'sanity.imageAsset',
        path: '../../../../etc/hostname',
      },
    },
  ]);

  const app = express();
  app.get('/images/:projectId/:dataset/:file', createImageHandler({ store, rootDir: tempDir }));
  app.use((_req, res) => {
    res.status(404).send('Not Found');
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await store.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

function get(pathAndQuery: string, headers: Record<string, string> = {}) {
  return fetch(`${origin}${pathAndQuery}`, { headers });
}

/** How close `decoded` is to `original` (raw RGB of the same size), in decibels: higher is closer. */
function peakSignalToNoise(original: Buffer, decoded: Buffer): number {
  let squaredError = 0;
  for (let i = 0; i < original.length; i++) squaredError += (original[i] - decoded[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (squaredError / original.length));
}

/** A request whose path is sent byte for byte (fetch() would normalise "../"). */
function rawGet(rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    http
      .get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

async function dimensionsOf(response: Response) {
  const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { format: metadata.format, width: metadata.width, height: metadata.height };
}

describe('urlFor and responsiveImage', () => {
  it('builds same-origin URLs in embedded mode and cdn.sanity.io URLs with Sanity', () => {
    const heroPath = `/images/embedded/production/${heroSha1}-1200x800.webp`;
    expect(urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).url()).toBe(heroPath);
    expect(urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).width(300).format('webp').url()).toBe(`${heroPath}?w=300&fm=webp`);
    expect(urlFor({ projectId: 'abc123', dataset: 'production', baseUrl: 'https://cdn.sanity.io' }, heroImage).url()).toBe(
      `https://cdn.sanity.io/images/abc123/production/${heroSha1}-1200x800.webp`,
    );
  });

  it('reads dimensions from the asset id, reduced by the crop', () => {
    expect(imageDimensions(heroImage)).toEqual({ width: 1200, height: 800 });
    expect(imageDimensions({ ...heroImage, crop: { top: 0.25, bottom: 0.25, left: 0, right: 0.5 } })).toEqual({
      width: 600,
      height: 400,
    });
    expect(imageDimensions(null)).toBeNull();
  });

  it("makes src, srcSet and intrinsic size without exceeding the original width, the format left to the browser's Accept (auto=format)", () => {
    const image = responsiveImage(EMBEDDED_IMAGE_CONFIG, heroImage, { widths: [320, 640, 1600] });
    const base = `/images/embedded/production/${heroSha1}-1200x800.webp`;
    expect(image).toEqual({
      src: `${base}?w=1200&auto=format`,
      srcSet: `${base}?w=320&auto=format 320w, ${base}?w=640&auto=format 640w, ${base}?w=1200&auto=format 1200w`,
      width: 1200,
      height: 800,
    });
    const square = responsiveImage(EMBEDDED_IMAGE_CONFIG, heroImage, { widths: [400], aspectRatio: 1, format: 'jpg' });
    expect(square?.width).toBe(400);
    expect(square?.height).toBe(400);
    expect(square?.src).toMatch(/[?&]w=400&h=400/);
  });
});

describe('GET /images/:projectId/:dataset/:file', () => {
  it('serves the original with immutable cache headers and an ETag, answering 304 to If-None-Match', async () => {
    const url = urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).url();
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBeNull();
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(heroFile))).toBe(true);

    const revalidated = await get(url, { 'If-None-Match': etag! });
    expect(revalidated.status).toBe(304);
  });

  it('resizes and converts the URLs urlFor() builds', async () => {
    const jpeg = await get(urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).width(320).format('jpg').quality(75).url());
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(await dimensionsOf(jpeg)).toEqual({ format: 'jpeg', width: 320, height: 213 });

    // Width and height: image-url crops to the aspect ratio around the hotspot (rect=…).
    const cropped = await get(urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).width(480).height(360).format('png').url());
    expect(await dimensionsOf(cropped)).toEqual({ format: 'png', width: 480, height: 360 });

    const covered = await get(`${urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).url()}?w=1200&h=630&fit=crop&fm=webp`);
    expect(await dimensionsOf(covered)).toEqual({ format: 'webp', width: 1200, height: 630 });

    const rect = await get(`${urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).url()}?rect=100,100,400,200`);
    expect(await dimensionsOf(rect)).toEqual({ format: 'webp', width: 400, height: 200 });
  });

  it('snaps sizes and qualities to the ones the site uses, so odd values cost no new encode', async () => {
    const response = await get(`${urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).url()}?w=9000`);
    expect(response.status).toBe(200);
    expect((await dimensionsOf(response)).width).toBe(1920);
    const base = `${urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).url()}?fm=webp`;
    const snapped = await get(`${base}&w=333&h=199&q=12`);
    expect(await dimensionsOf(snapped)).toEqual({ format: 'webp', width: 320, height: 213 });
    // The same variant as the one the site asks for: the same ETag.
    const asked = await get(`${base}&w=320&h=213&q=75`);
    expect(asked.headers.get('etag')).toBe(snapped.headers.get('etag'));
    // The original's own width (srcsets never exceed it) is kept.
    expect((await dimensionsOf(await get(`${base}&w=1200`))).width).toBe(1200);
    const doubled = await get(`${urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).url()}?w=2000&dpr=2&fit=max`);
    expect((await dimensionsOf(doubled)).width).toBe(1200);
  });

  it('negotiates the format from Accept with auto=format, and says so with Vary: Accept', async () => {
    const url = `${urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).url()}?w=160&auto=format&fm=jpg`;
    const avif = await get(url, { Accept: 'image/avif,image/webp,*/*' });
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('vary')).toBe('Accept');
    expect((await dimensionsOf(avif)).format).toBe('heif');

    const webp = await get(url, { Accept: 'image/webp,*/*' });
    expect(webp.headers.get('content-type')).toBe('image/webp');

    const fallback = await get(url, { Accept: '*/*' });
    expect(fallback.headers.get('content-type')).toBe('image/jpeg');
    expect(fallback.headers.get('etag')).not.toBe(webp.headers.get('etag'));

    // The pages' own URLs: Chromium's Accept gets AVIF; a browser that takes neither, the original's format.
    const { src } = responsiveImage(EMBEDDED_IMAGE_CONFIG, heroImage, { widths: [320], quality: 75 })!;
    expect((await get(src, { Accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' })).headers.get('content-type')).toBe('image/avif');
    expect((await get(src, { Accept: 'image/png,image/*;q=0.8' })).headers.get('content-type')).toBe('image/webp');
  });

  it('sends AVIF only as a saving: smaller than the WebP of the same size at the same fidelity', async () => {
    // The site's illustrations at the widths a phone asks for. AVIF's quality scale is not WebP's:
    // at the same number it keeps more detail and costs more bytes than the WebP a browser without
    // AVIF gets, which would make Chromium's visitors download more for the same picture.
    const heroAsAvif = { Accept: 'image/avif,image/webp,*/*' };
    const heroAsWebp = { Accept: 'image/webp,*/*' };
    for (const width of [480, 800, 1200]) {
      const { src } = responsiveImage(EMBEDDED_IMAGE_CONFIG, heroImage, { widths: [width], quality: 75 })!;
      const avif = await get(src, heroAsAvif);
      const webp = await get(src, heroAsWebp);
      expect(avif.headers.get('content-type')).toBe('image/avif');
      const [avifBytes, webpBytes] = [(await avif.arrayBuffer()).byteLength, (await webp.arrayBuffer()).byteLength];
      expect(avifBytes, `${width} px: AVIF ${avifBytes} B, WebP ${webpBytes} B`).toBeLessThan(webpBytes);
      // The same fidelity: AVIF's peak signal-to-noise ratio against the resized original is within
      // 1 dB of WebP's. Not at the original's own width: the fixture is a WebP, and WebP re-encoding
      // a WebP at its size repeats its own losses, which no other format can match.
      if (width === 1200) continue;
      const original = await sharp(heroFile).resize({ width }).removeAlpha().raw().toBuffer();
      const pixels = async (response: Response) =>
        sharp(Buffer.from(await response.arrayBuffer()))
          .removeAlpha()
          .raw()
          .toBuffer();
      const [avifPixels, webpPixels] = [await pixels(await get(src, heroAsAvif)), await pixels(await get(src, heroAsWebp))];
      expect(peakSignalToNoise(original, avifPixels)).toBeGreaterThan(peakSignalToNoise(original, webpPixels) - 1);
    }
  });

  it('keeps encoded variants in memory', async () => {
    const badge = ((await store.fetch('*[_id == "press-1"][0].badge')) as { asset: { _ref: string } })!;
    const url = urlFor(EMBEDDED_IMAGE_CONFIG, badge).width(20).format('webp').url();
    const first = await get(url);
    expect(first.status).toBe(200);
    const firstBody = Buffer.from(await first.arrayBuffer());
    fs.rmSync(path.join(tempDir, 'content/images/badge.png'));

    const second = await get(url);
    expect(second.status).toBe(200);
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBody)).toBe(true);
    // A variant never requested before needs the file, which is gone.
    expect((await get(urlFor(EMBEDDED_IMAGE_CONFIG, badge).width(20).format('png').url())).status).toBe(404);
  });

  it('answers 400 to bad parameters', async () => {
    const base = urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).url();
    for (const query of [
      'w=abc',
      'w=-5',
      'w=0',
      'h=1.5',
      'h=300',
      'q=101',
      'fm=bmp',
      'fit=stretch',
      'auto=compress',
      'dpr=9',
      'rect=0,0,5000,10',
      'rect=1,2',
      'bg=red',
      'w=10&w=20',
    ]) {
      const response = await get(`${base}?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it('runs at most two encodes at once, queues a few and answers 503 + Retry-After beyond that', async () => {
    let active = 0;
    let mostActive = 0;
    let entered = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Settles as soon as the outcome is known: four refusals, or a third encode running at once.
    let decided!: () => void;
    const outcome = new Promise<void>((resolve) => (decided = resolve));
    const encode: typeof encodeImage = async (...args) => {
      entered++;
      mostActive = Math.max(mostActive, ++active);
      if (active > 2) decided();
      try {
        await gate;
        return await encodeImage(...args);
      } finally {
        active--;
      }
    };
    const app = express();
    app.get('/images/:projectId/:dataset/:file', createImageHandler({ store, rootDir: tempDir, encode, maxConcurrentEncodes: 2, maxQueuedEncodes: 4 }));
    const gated = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => gated.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(gated.address() as AddressInfo).port}${urlFor(EMBEDDED_IMAGE_CONFIG, heroImage).url()}`;
      const widths = [320, 360, 400, 480, 540, 640, 720, 800, 960, 1280];
      let refused = 0;
      const responses = widths.map((width) =>
        fetch(`${base}?w=${width}&fm=webp`).then((response) => {
          if (response.status === 503 && ++refused === 4) decided();
          return response;
        }),
      );
      await outcome;
      // Decided while the encoder is still held: two encoding, four queued, four refused.
      expect(mostActive).toBe(2);
      expect(refused).toBe(4);
      release();
      const settled = await Promise.all(responses);
      const statuses = settled.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(6);
      for (const response of settled.filter((r) => r.status === 503)) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(mostActive).toBe(2);
      expect(entered).toBe(6);
    } finally {
      release();
      gated.closeAllConnections();
      await new Promise((resolve) => gated.close(resolve));
    }
  });

  it('answers 404 to unknown images, other projects and every path traversal attempt', async () => {
    const unknown = `/images/embedded/production/${'b'.repeat(40)}-1200x800.webp`;
    expect((await get(unknown)).status).toBe(404);
    expect((await get(`/images/otherproject/production/${heroSha1}-1200x800.webp`)).status).toBe(404);
    expect((await get(`/images/embedded/staging/${heroSha1}-1200x800.webp`)).status).toBe(404);
    // Known asset id, but its path points outside the root.
    expect((await get(`/images/embedded/production/${'a'.repeat(40)}-10x10.png`)).status).toBe(404);

    for (const attempt of [
      '/images/embedded/production/..%2F..%2Fsecret.txt',
      '/images/embedded/production/%2e%2e%2fsecret.txt',
      '/images/embedded/production/..%5Csecret.txt',
      '/images/embedded/production/%252e%252e%252fsecret.txt',
      '/images/embedded/production/../../secret.txt',
      '/images/embedded/production/../../../secret.txt',
      '/images/embedded/..%2F..%2F/secret.txt',
      `/images/embedded/production/${heroSha1}-1200x800.webp%00.txt`,
    ]) {
      expect(await rawGet(attempt), attempt).toBe(404);
    }
  });
});
