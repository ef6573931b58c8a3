/**
 * The metrics listener: `GET /metrics` in Prometheus's text format, on METRICS_PORT and
 * METRICS_HOST (loopback by default), apart from the site's port so nginx never passes it on.
 */
import { createServer, type Server } from 'node:http';
import { log } from './log';
import { registry } from './metrics';

export function startMetricsServer({ port, host }: { port: number; host: string }): Server {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${(error as Error).message}\n`),
    );
  });
  server.listen(port, host, () => log.info({ port, host }, 'metrics: listening'));
  server.unref();
  return server;
}
