import { describe, expect, it, vi } from 'vitest';
import { createWebhookNotifier } from '../../web/server/leads/notifier';

const lead = { _id: 'lead-1', name: '홍길동', phone: '01012345678', createdAt: '2026-11-22T00:00:00Z', formKind: 'popup' as const };

function fakeFetch(statuses: Array<number | 'network'>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)];
    if (status === 'network') throw new TypeError('fetch failed');
    return new Response('', { status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('webhook notifier', () => {
  it('returns at once and retries 5xx and network errors with backoff until delivered', async () => {
    const { fetch, calls } = fakeFetch([503, 'network', 200]);
    const notifier = createWebhookNotifier({ url: 'http://hook.test/leads', fetch, baseDelayMs: 5 });
    notifier.notify(lead);
    await expect.poll(() => calls.length).toBe(3);
    expect(calls[0]).toEqual({ url: 'http://hook.test/leads', body: { type: 'lead.created', lead } });
    notifier.close();
  });

  it('does not retry a refusal, and gives up after the last attempt', async () => {
    const refused = fakeFetch([400]);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    createWebhookNotifier({ url: 'http://hook.test', fetch: refused.fetch, baseDelayMs: 1 }).notify(lead);
    const failing = fakeFetch([500]);
    createWebhookNotifier({ url: 'http://hook.test', fetch: failing.fetch, baseDelayMs: 1, maxAttempts: 3 }).notify(lead);
    await expect.poll(() => failing.calls.length).toBe(3);
    await expect.poll(() => errors.mock.calls.length).toBe(2);
    expect(refused.calls).toHaveLength(1);
    errors.mockRestore();
  });
});
