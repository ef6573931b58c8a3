/**
 * Real nginx (Debian's `nginx-light`; `.ci/run` installs it) in front of several app instances,
 * running deploy/nginx/cheonghak.conf itself: only its upstream servers and `listen` line are
 * replaced, and its TLS lines (marked `# tls`) left out, so the test runs what production runs. The
 * one addition: a response header naming the instance that answered (UPSTREAM_HEADER).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from './built-server';

export const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';
const SITE_CONFIG = path.join(ROOT, 'deploy/nginx/cheonghak.conf');

export type LoadBalancer = { url: string; stop(): Promise<void> };

/** The site config with these upstream addresses (`127.0.0.1:PORT`) and this port, without TLS. */
export function siteConfigFor(upstreams: string[], port: number): string {
  const lines = readFileSync(SITE_CONFIG, 'utf8').split('\n');
  const kept: string[] = [];
  let serversWritten = false;
  for (const line of lines) {
    if (/#\s*tls\s*$/.test(line)) continue;
    const upstream = /^(\s*)server\s+\S+:\d+(\s.*);$/.exec(line);
    if (upstream) {
      if (!serversWritten) kept.push(...upstreams.map((address) => `${upstream[1]}server ${address}${upstream[2]};`));
      serversWritten = true;
      continue;
    }
    kept.push(line);
  }
  const site = kept.join('\n').replace(/(server \{\n)/, `$1  listen 127.0.0.1:${port};\n`);
  if (!serversWritten || !site.includes(`listen 127.0.0.1:${port};`)) throw new Error(`${SITE_CONFIG}: no upstream servers or server block`);
  return site;
}

/** The response header naming the instance that answered (`$upstream_addr`), added by the test's config only. */
export const UPSTREAM_HEADER = 'x-test-upstream';

export async function startLoadBalancer(upstreams: string[]): Promise<LoadBalancer> {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(tmpdir(), 'cheonghak-nginx-'));
  const main = [
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    // Workers run as the starting user (root in CI containers would otherwise switch to nobody,
    // who cannot write the temporary directories below).
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'events { worker_connections 1024; }',
    'http {',
    `  access_log off;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${prefix}/${kind};`),
    siteConfigFor(upstreams, port).replace(/(location \/ \{\n)/, `$1    add_header ${UPSTREAM_HEADER} $upstream_addr always;\n`),
    '}',
  ].join('\n');
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(configFile, main);
  const child: ChildProcess = spawn(NGINX_BINARY, ['-p', prefix, '-c', configFile, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitForListening(url, exited, () => `${stderr}${safeRead(path.join(prefix, 'error.log'))}`);
  return {
    url,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

async function waitForListening(url: string, exited: Promise<void>, output: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`nginx stopped at start:\n${output()}`);
    try {
      // Any answer (a 502 while no upstream is up) means nginx listens.
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
