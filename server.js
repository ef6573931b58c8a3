// Starts the site. Production (default) serves the React Router build; `--dev` runs Vite in
// middleware mode. The app itself (API routes + React Router handler) is web/server/app.ts,
// bundled by `react-router build` as build/server/index.js.
import compression from 'compression';
import express from 'express';

const DEVELOPMENT = process.argv.includes('--dev');
// React, Express and the app read NODE_ENV as they load (React's production build is about twice
// as fast to render; Secure cookies; HSTS), so `npm start` is production unless told otherwise.
process.env.NODE_ENV ??= DEVELOPMENT ? 'development' : 'production';
const PORT = Number.parseInt(process.env.PORT || '3000', 10);
const HOST = process.env.HOST || '0.0.0.0';

const server = express();
server.disable('x-powered-by');
// Behind a reverse proxy or CDN, rate limits must see the visitor's address, not the proxy's.
if (process.env.TRUST_PROXY) server.set('trust proxy', trustProxyValue(process.env.TRUST_PROXY));
// Brotli (quality 4) for clients that accept it, else gzip (compression ≥ 1.8).
server.use(compression());

let appModule;
if (DEVELOPMENT) {
  const vite = await import('vite');
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  server.use(async (req, res, next) => {
    try {
      appModule = await viteDevServer.ssrLoadModule('./web/server/app.ts');
      await appModule.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  appModule = await import('./build/server/index.js');
  // Security headers (CSP nonce) and default Cache-Control on every response, static files too.
  // Not in --dev: Vite's client injects inline scripts that carry no nonce.
  server.use(appModule.responseHeaders);
  // Hashed file names never change content, so browsers and CDNs may keep them for a year.
  // Text assets go out as the build's brotli/gzip copies; the rest as they are.
  const assetCaching = { immutable: true, maxAge: '1y' };
  server.use('/assets', appModule.precompressedAssets('build/client/assets', assetCaching));
  server.use('/assets', express.static('build/client/assets', { ...assetCaching, index: false }));
  server.use(express.static('build/client', { maxAge: '1h', index: false, redirect: false }));
  server.use(appModule.app);
  server.use(appModule.errorHandler);
}

const listener = server.listen(PORT, HOST, () => {
  console.log(`청학 분양 홈페이지: http://localhost:${PORT} (${DEVELOPMENT ? 'development' : 'production'})`);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  // Requests in flight finish first (a view they count is still flushed), but no longer than 3 s.
  const closed = new Promise((resolve) => listener.close(resolve));
  listener.closeIdleConnections();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
  await appModule?.shutdown?.();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

/** TRUST_PROXY: a hop count ("1"), "true", or addresses/subnets ("loopback, 10.0.0.0/8"). */
function trustProxyValue(value) {
  if (/^\d+$/.test(value)) return Number(value);
  return value === 'true' ? true : value;
}
