// Starts the site. Production (default) serves the React Router build; `--dev` runs Vite in
// middleware mode. The app itself (API routes + React Router handler) is web/server/app.ts,
// bundled by `react-router build` as build/server/index.js.
import compression from 'compression';
import express from 'express';
import { createServer } from 'node:http';
import { isIP } from 'node:net';

const DEVELOPMENT = process.argv.includes('--dev');
// React, Express and the app read NODE_ENV as they load (React's production build is about twice
// as fast to render; Secure cookies; HSTS), so `npm start` is production unless told otherwise.
process.env.NODE_ENV ??= DEVELOPMENT ? 'development' : 'production';
const PORT = Number.parseInt(process.env.PORT || '3000', 10);
const HOST = process.env.HOST || '0.0.0.0';

const server = express();
server.disable('x-powered-by');
// Behind a reverse proxy or CDN, rate limits must see the visitor's address, not the proxy's.
if (process.env.TRUST_PROXY) server.set('trust proxy', trustProxySettingOrExit(process.env.TRUST_PROXY));
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

const listener = createLimitedServer(server);
listener.listen(PORT, HOST, () => {
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

/**
 * TRUST_PROXY: a hop count ("1") or the proxies' addresses/subnets ("loopback, 10.0.0.0/8").
 * "true" and other trust-everything forms (`*`, `0.0.0.0/0`, `::/0`) are refused: they make Express
 * take the leftmost X-Forwarded-For, which any client writes itself, and every per-address limit
 * (sign-in throttle, lead limits) then counts whatever address the client chose.
 */
function trustProxySettingOrExit(value) {
  const setting = trustProxySetting(value.trim());
  if (setting !== undefined) return setting;
  console.error(
    [
      `TRUST_PROXY="${value}" 은(는) 사용할 수 없습니다. 앞단 프록시의 수(예: 1) 또는 프록시의 주소/대역(예: loopback, 10.0.0.0/8)을 적어 주세요.`,
      '"true"처럼 모든 주소를 믿게 하면 누구나 X-Forwarded-For로 자기 주소를 골라 로그인 제한과 등록 제한을 피할 수 있습니다.',
      `TRUST_PROXY="${value}" is refused. Set the number of proxies in front of the server (e.g. 1) or their addresses/subnets`,
      '(e.g. loopback, 10.0.0.0/8). "true" trusts every address: any client could pick its own via X-Forwarded-For and escape the per-address limits.',
    ].join('\n'),
  );
  process.exit(1);
}

/** The Express `trust proxy` value for a valid TRUST_PROXY, else undefined. */
function trustProxySetting(value) {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 9 ? hops : undefined;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

/** A named range, an IP address, or a subnet narrower than "everything" (prefix ≥ 1). */
function isProxyAddress(entry) {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry) || isIP(entry) !== 0) return true;
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !/^\d{1,3}$/.test(prefix ?? '')) return false;
  const version = isIP(address);
  const bits = Number(prefix);
  return version !== 0 && bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/**
 * The HTTP server with limits for a site behind a reverse proxy, which buffers requests and keeps
 * a pool of idle connections: headers must arrive within HTTP_HEADERS_TIMEOUT_MS, the whole
 * request within HTTP_REQUEST_TIMEOUT_MS; an idle keep-alive connection is closed after
 * HTTP_KEEP_ALIVE_TIMEOUT_MS, longer than a proxy's usual 60 s so the proxy, not Node, closes it
 * first (else the proxy may reuse a connection Node is closing); beyond HTTP_MAX_CONNECTIONS new
 * connections are refused.
 */
function createLimitedServer(handler) {
  const headersTimeout = positiveIntegerEnv('HTTP_HEADERS_TIMEOUT_MS', 10_000);
  const requestTimeout = positiveIntegerEnv('HTTP_REQUEST_TIMEOUT_MS', 30_000);
  if (headersTimeout > requestTimeout) {
    exitWithSettingError('HTTP_HEADERS_TIMEOUT_MS는 HTTP_REQUEST_TIMEOUT_MS보다 클 수 없습니다 (must not exceed HTTP_REQUEST_TIMEOUT_MS).');
  }
  const limited = createServer(
    {
      headersTimeout,
      requestTimeout,
      // How often Node looks for connections past those timeouts (its default is 30 s).
      connectionsCheckingInterval: Math.min(1000, headersTimeout),
    },
    handler,
  );
  limited.keepAliveTimeout = positiveIntegerEnv('HTTP_KEEP_ALIVE_TIMEOUT_MS', 65_000);
  limited.maxConnections = positiveIntegerEnv('HTTP_MAX_CONNECTIONS', 1000);
  return limited;
}

function positiveIntegerEnv(name, fallback) {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^[1-9]\d*$/.test(value)) exitWithSettingError(`${name}은(는) 양의 정수여야 합니다 (must be a positive integer): "${value}"`);
  return Number(value);
}

function exitWithSettingError(message) {
  console.error(message);
  process.exit(1);
}
