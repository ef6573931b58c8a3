// Starts the site. Production (default) serves the React Router build; `--dev` runs Vite in
// middleware mode. The app itself (API routes + React Router handler) is web/server/app.ts,
// bundled by `react-router build` as build/server/index.js.
import compression from 'compression';
import express from 'express';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProblem } from './scripts/build-freshness.js';

const DEVELOPMENT = process.argv.includes('--dev');
// React, Express and the app read NODE_ENV as they load (React's production build is about twice
// as fast to render; Secure cookies; HSTS), so `npm start` is production unless told otherwise.
process.env.NODE_ENV ??= DEVELOPMENT ? 'development' : 'production';

// `npm run serve` (production without building first): a missing or stale build/ refuses to start
// rather than serve code older than the sources next to it.
if (process.argv.includes('--require-fresh-build')) {
  const problem = buildProblem(dirname(fileURLToPath(import.meta.url)));
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

let viteDevServer;
let appModule;
if (DEVELOPMENT) {
  const vite = await import('vite');
  viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  // Loaded once: route modules still reload on change (React Router's build is re-imported
  // through Vite on each request); a change to the server code itself needs a restart.
  appModule = await viteDevServer.ssrLoadModule('./web/server/app.ts');
} else {
  appModule = await import('./build/server/index.js');
}
// Importing the app started nothing; a bad environment stops here, before any file is touched.
const config = appModule.loadConfigOrExit();
// A rejection nothing handled is logged, not fatal: a background job's failure must not take the site down.
appModule.watchProcess();
// A start that would do harm (a second instance with content of its own on the database) stops here too.
const app = await appModule.createAppOrExit(config, { pagePipeline: !DEVELOPMENT });
if (config.metrics) appModule.startMetricsServer(config.metrics);
const { log } = appModule;

const server = express();
server.disable('x-powered-by');
// Behind a reverse proxy or CDN, rate limits must see the visitor's address, not the proxy's.
if (config.trustProxy !== undefined) server.set('trust proxy', config.trustProxy);
// Brotli (quality 4) for clients that accept it, else gzip (compression ≥ 1.8).
server.use(compression());
if (viteDevServer) {
  server.use(viteDevServer.middlewares);
  server.use(app.handler);
} else {
  // The default Cache-Control on every response, static files too.
  server.use(app.cacheHeaders);
  // Hashed file names never change content, so browsers and CDNs may keep them for a year.
  // Text assets go out as the build's brotli/gzip copies; the rest as they are.
  const assetCaching = { immutable: true, maxAge: '1y' };
  server.use('/assets', appModule.precompressedAssets('build/client/assets', assetCaching));
  server.use('/assets', express.static('build/client/assets', { ...assetCaching, index: false }));
  server.use(express.static('build/client', { maxAge: '1h', index: false, redirect: false }));
  server.use(app.handler);
  server.use(appModule.errorHandler);
}

// A fresh cached page is answered before Express (one lookup, one write); everything else goes through it.
// The security headers are set first, once, for whoever answers (not in --dev: Vite's client injects inline scripts).
const listener = createLimitedServer((req, res) => {
  app.observe(req, res);
  if (!DEVELOPMENT) app.securityHeaders(req, res);
  if (!app.answerFromCache(req, res)) server(req, res);
}, config.http);
listener.listen(config.port, config.host, () => {
  log.info({ port: config.port, mode: DEVELOPMENT ? 'development' : 'production' }, `청학 분양 홈페이지: http://localhost:${config.port}`);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, `${signal}: closing`);
  // Requests in flight finish first (a view they count is still flushed), but no longer than 3 s.
  const closed = new Promise((resolve) => listener.close(resolve));
  listener.closeIdleConnections();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
  await app.shutdown();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

/**
 * The HTTP server with limits for a site behind a reverse proxy, which buffers requests and keeps
 * a pool of idle connections: headers must arrive within HTTP_HEADERS_TIMEOUT_MS, the whole
 * request within HTTP_REQUEST_TIMEOUT_MS; an idle keep-alive connection is closed after
 * HTTP_KEEP_ALIVE_TIMEOUT_MS, longer than a proxy's usual 60 s so the proxy, not Node, closes it
 * first (else the proxy may reuse a connection Node is closing); beyond HTTP_MAX_CONNECTIONS new
 * connections are refused.
 */
function createLimitedServer(handler, http) {
  const limited = createServer(
    {
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      // How often Node looks for connections past those timeouts (its default is 30 s).
      connectionsCheckingInterval: Math.min(1000, http.headersTimeoutMs),
    },
    handler,
  );
  limited.keepAliveTimeout = http.keepAliveTimeoutMs;
  limited.maxConnections = http.maxConnections;
  return limited;
}
