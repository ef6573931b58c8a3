/**
 * The app's routes (pages and resource routes) answered the way the server answers them: React
 * Router's build from Vite, behind the server's own Express adapter (web/server/pages/page-handler.ts),
 * with the load context a test gives (its stand-ins for the services the routes use).
 */
import type { Request as ExpressRequest, RequestHandler } from 'express';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { createPageHandlers } from '../../web/server/pages/page-handler';

export async function appRoutes(
  loadContext: (req: ExpressRequest) => Partial<AppLoadContext>,
): Promise<{ render: RequestHandler; close: () => Promise<void> }> {
  const vite = await createServer({ logLevel: 'error', server: { middlewareMode: true, hmr: false }, appType: 'custom' });
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  const { render } = createPageHandlers({ build: async () => build, loadContext: (req) => loadContext(req) as AppLoadContext, mode: 'production' });
  return { render, close: () => vite.close() };
}
