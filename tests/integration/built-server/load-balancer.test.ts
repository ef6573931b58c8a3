import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/built-server';
import { siteConfigFor, startLoadBalancer, type LoadBalancer } from '../../support/nginx';

/**
 * The production shape: two instances behind nginx running deploy/nginx/cheonghak.conf. Pages keep
 * answering while one instance is killed; the config the test runs is the documented one.
 */
describe('two instances behind nginx', () => {
  let instances: RunningServer[] = [];
  let balancer: LoadBalancer;

  beforeAll(async () => {
    instances = await Promise.all([0, 1].map(() => startServer({ env: { TRUST_PROXY: 'loopback' } })));
    balancer = await startLoadBalancer(instances.map((instance) => new URL(instance.url).host));
  }, 180_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
  });

  it('runs the documented config: its upstream lines replaced, its TLS lines left out', () => {
    const config = siteConfigFor(['127.0.0.1:1', '127.0.0.1:2'], 8080);
    expect(config).toContain('server 127.0.0.1:1 max_fails=1 fail_timeout=5s;');
    expect(config).toContain('server 127.0.0.1:2 max_fails=1 fail_timeout=5s;');
    expect(config).toContain('listen 127.0.0.1:8080;');
    expect(config).not.toMatch(/ssl|10\.0\.1\./);
  });

  it("passes the Host with its port: a sign-in posted from the site's own origin on a port other than 443 is checked, not refused as foreign", async () => {
    const signIn = await fetch(`${balancer.url}/cheonghak/press`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: balancer.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'login', email: 'nobody@example.kr', password: 'not-the-password' }).toString(),
    });
    // 401: the credentials were checked (a Host without the port made it 403, foreignOrigin).
    expect(signIn.status).toBe(401);
  });

  it('no instance answering: a Korean page with the status (502), not an English one', async () => {
    const nowhere = await startLoadBalancer(['127.0.0.1:1']);
    try {
      const response = await fetch(`${nowhere.url}/BusinessGuide/intro`);
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const page = await response.text();
      expect(page).toContain('<html lang="ko">');
      expect(page).toContain('잠시 후 다시 시도해 주세요');
      expect(page).not.toMatch(/Bad Gateway/i);
    } finally {
      await nowhere.stop();
    }
  });

  it('every request is answered while one instance is killed (kill -9) in the middle of a run', async () => {
    const statuses: number[] = [];
    const run = async (count: number) => {
      for (let index = 0; index < count; index++) {
        const response = await fetch(`${balancer.url}/?gclid=${index}`);
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    };
    await run(50);
    const killed = instances[1];
    await killed.kill();
    await run(50);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses).toHaveLength(100);
  });
});
