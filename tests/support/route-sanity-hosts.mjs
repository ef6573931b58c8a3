/**
 * Sends requests for Sanity's real API hosts (`<project>.api.sanity.io`, `<project>.apicdn.sanity.io`)
 * to the Content Lake stand-in, below @sanity/client: the client builds the same URLs as in
 * production, and only the connection goes to 127.0.0.1 (plain HTTP), with the original host in
 * the Host header (for `fetch`, which may not set it: X-Sanity-Host) so the stand-in tells the
 * API from the CDN. Both of Node's HTTP stacks are routed: @sanity/client uses either.
 *
 * As a preload of the site's process: `NODE_OPTIONS="--import <this file>"` with
 * CONTENT_LAKE_STAND_IN=http://127.0.0.1:PORT. In a test's own process: `routeSanityHosts(url)`.
 */
import http from 'node:http';
import https from 'node:https';

const SANITY_API_HOST = /^[a-z0-9-]+\.(api|apicdn)\.sanity\.io$/i;

/** Routes Sanity's API hosts to `standInUrl`; returns the function that undoes it. */
export function routeSanityHosts(standInUrl) {
  const target = new URL(standInUrl);
  const originalRequest = https.request;
  const originalGet = https.get;
  const rerouted = (args) => {
    const [first, second, third] = args;
    const url = typeof first === 'string' || first instanceof URL ? new URL(first) : null;
    const options = url ? { ...(second && typeof second === 'object' ? second : {}) } : { ...first };
    const callback = typeof second === 'function' ? second : third;
    const hostname = url ? url.hostname : (options.hostname ?? options.host ?? '').replace(/:\d+$/, '');
    if (!SANITY_API_HOST.test(hostname)) return null;
    const path = url ? `${url.pathname}${url.search}` : options.path;
    const headers = { ...options.headers, host: hostname };
    const { agent: _agent, protocol: _protocol, host: _host, port: _port, servername: _servername, ...rest } = options;
    return http.request({ ...rest, path, headers, hostname: target.hostname, port: target.port, protocol: 'http:' }, callback);
  };
  const originalFetch = globalThis.fetch;
  globalThis.fetch = function fetch(input, init) {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!SANITY_API_HOST.test(url.hostname)) return originalFetch(input, init);
    const headers = new Headers(request.headers);
    headers.set('x-sanity-host', url.hostname);
    const routed = new URL(`${url.pathname}${url.search}`, target);
    return originalFetch(
      new Request(routed, { method: request.method, headers, body: request.body, duplex: 'half', signal: request.signal, redirect: request.redirect }),
    );
  };
  https.request = function request(...args) {
    return rerouted(args) ?? originalRequest.apply(this, args);
  };
  https.get = function get(...args) {
    const request = rerouted(args);
    if (!request) return originalGet.apply(this, args);
    request.end();
    return request;
  };
  return () => {
    globalThis.fetch = originalFetch;
    https.request = originalRequest;
    https.get = originalGet;
  };
}

if (process.env.CONTENT_LAKE_STAND_IN) routeSanityHosts(process.env.CONTENT_LAKE_STAND_IN);
