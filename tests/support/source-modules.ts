/**
 * The app's modules as the development server serves them: React Router's server build exists only
 * through its Vite plugin, which Vitest's own pipeline does not run. One Vite server per test
 * worker, started by the first file that asks and shared by the files after it (the `fast` project
 * runs its files without isolation): starting one and loading the app took 6–10 s of CPU a file.
 * No file closes it; it watches no file, so it keeps no worker alive.
 */
import type { Request as ExpressRequest, RequestHandler } from 'express';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { createPageHandlers } from '../../web/server/pages/page-handler';

/** `web/server/app.ts` as the tests load it from the sources. */
export type AppModule = typeof import('../../web/server/app');

let server: Promise<ViteDevServer> | undefined;

function sourceServer(): Promise<ViteDevServer> {
  server ??= createServer({ logLevel: 'error', server: { middlewareMode: true, hmr: false, watch: null }, appType: 'custom' });
  return server;
}

/** React Router's server build of the routes, from the sources. */
export async function serverBuildFromSources(): Promise<ServerBuild> {
  return (await (await sourceServer()).ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
}

/** `web/server/app.ts` (createApp and its config) with the server build it imports, from the sources. */
export async function appFromSources(): Promise<AppModule> {
  return (await (await sourceServer()).ssrLoadModule('./web/server/app.ts')) as AppModule;
}

/**
 * The app's routes (pages and resource routes) answered the way the server answers them: the
 * server build behind the server's own Express adapter (web/server/pages/page-handler.ts), with the
 * load context a test gives (its stand-ins for the services the routes use).
 */
export async function appRoutes(loadContext: (req: ExpressRequest) => Partial<AppLoadContext>): Promise<RequestHandler> {
  const build = await serverBuildFromSources();
  return createPageHandlers({ build: async () => build, loadContext: (req) => loadContext(req) as AppLoadContext, mode: 'production' }).render;
}
