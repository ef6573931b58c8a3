/**
 * How often the page handler reads React Router's build: once on a built server (its routes never
 * change, and deriving them again cost a quarter of a lead POST's CPU), on every request in `--dev`
 * (no page pipeline), whose routes change with the code.
 */
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPageHandlers, type PageHandlerOptions } from '../../../web/server/pages/page-handler';
import { PageCache } from '../../../web/server/pages/page-cache';
import { serverBuildFromSources } from '../../support/source-modules';

let built: ServerBuild;

beforeAll(async () => {
  built = await serverBuildFromSources();
}, 60_000);

/** Asks for /robots.txt (a resource route) `times` times; answers how often the build was read. */
async function buildReadsFor(times: number, pipeline: PageHandlerOptions['pipeline']): Promise<number> {
  let reads = 0;
  const context = { discovery: { robots: async (origin: string) => `User-agent: *\nSitemap: ${origin}/sitemap.xml\n` } } as unknown as AppLoadContext;
  const { resource } = createPageHandlers({
    build: async () => {
      reads += 1;
      return built;
    },
    loadContext: () => context,
    mode: 'production',
    pipeline,
  });
  const app = express().get('/robots.txt', resource);
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  try {
    const { port } = server.address() as AddressInfo;
    for (let request = 0; request < times; request += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/robots.txt`);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/^User-agent: \*/);
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return reads;
}

describe('the page handler reads the build', () => {
  it('once on a built server (with the page pipeline), whatever the number of requests', async () => {
    const pipeline = {
      cache: new PageCache(),
      addresses: () => Promise.reject(new Error('no page is asked for')),
      contentVersion: () => '1',
      policy: () => "default-src 'self'",
    };
    expect(await buildReadsFor(3, pipeline)).toBe(1);
  });

  it('on every request in --dev (no pipeline), where the routes change with the code', async () => {
    expect(await buildReadsFor(3, undefined)).toBe(3);
  });
});
