import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTokenSigner } from '../../web/server/leads/form-token';
import { freePort, startServer, type RunningServer } from '../support/built-server';
import { startLoadBalancer, type LoadBalancer } from '../support/nginx';
import { freshDatabaseUrl } from '../support/postgres';

/**
 * The production shape: two instances on one PostgreSQL database behind nginx (round robin,
 * deploy/nginx/cheonghak.conf). What one instance acknowledges, the database keeps, whatever
 * happens to that instance afterwards.
 */
const SECRET = 'instances-test-lead-form-secret';
const LEADS = 2_000;
const CONCURRENCY = 40;
const KILL_AFTER = 500;
/** A lead whose answer was lost (instance killed mid-request) is sent again with the same token. */
const MAX_ATTEMPTS = 20;

/** The first column of the first row. */
async function query(url: string, sql: string, params: unknown[] = []): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, unknown>>(sql, params);
    return rows[0] ? Object.values(rows[0])[0] : undefined;
  } finally {
    await client.end();
  }
}

describe('two instances behind nginx on one PostgreSQL database', () => {
  let databaseUrl: string;
  let env: Record<string, string>;
  const ports: number[] = [];
  const instances: RunningServer[] = [];
  let balancer: LoadBalancer;

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    env = {
      DATABASE_URL: databaseUrl,
      LEAD_FORM_SECRET: SECRET,
      LEAD_MIN_FILL_MS: '0',
      LEAD_RATE_LIMIT_IP: '0/1',
      LEAD_RATE_LIMIT_PHONE: '0/1',
      LEAD_BOOKING_LIMIT_IP: '0/1',
      TRUST_PROXY: 'loopback',
    };
    ports.push(await freePort(), await freePort());
    instances.push(...(await Promise.all(ports.map((port) => startServer({ env, port })))));
    balancer = await startLoadBalancer(ports.map((port) => `127.0.0.1:${port}`));
  }, 240_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
  });

  it(`${LEADS} leads at concurrency ${CONCURRENCY}, one instance killed (kill -9) and restarted mid-run: every acknowledged lead stored exactly once`, async () => {
    const signer = createFormTokenSigner(SECRET);
    const acknowledged = new Map<number, string>();
    let next = 0;
    let retried = 0;
    let restart: Promise<void> | undefined;

    const send = async (index: number) => {
      const body = JSON.stringify({
        formToken: signer.issue(`instances-${index}`),
        formKind: 'popup',
        name: '다중인스턴스',
        phone: `010${String(20_000_000 + index).slice(-8)}`,
        privacyConsent: true,
        ageConfirmed: true,
        website: '',
        sourcePage: '/',
      });
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        try {
          const response = await fetch(`${balancer.url}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          const answer = (await response.json()) as { id?: string };
          if (response.status === 201 && answer.id) {
            acknowledged.set(index, answer.id);
            return;
          }
          expect([502, 503, 504], `lead ${index}: ${response.status} ${JSON.stringify(answer)}`).toContain(response.status);
        } catch (error) {
          if (!(error instanceof TypeError)) throw error;
        }
        retried += 1;
      }
      throw new Error(`lead ${index}: no answer after ${MAX_ATTEMPTS} attempts`);
    };

    const worker = async () => {
      while (next < LEADS) {
        const index = next++;
        await send(index);
        if (acknowledged.size >= KILL_AFTER && !restart) {
          restart = (async () => {
            const killed = instances[1];
            await killed.kill();
            instances[1] = await startServer({ env, port: ports[1] });
          })();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await restart;

    const ids = [...acknowledged.values()];
    expect(acknowledged.size).toBe(LEADS);
    expect(new Set(ids).size).toBe(LEADS);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; phone: string }>(`SELECT id, doc->>'phone' AS phone FROM documents WHERE type = 'lead'`);
      const stored = new Map(rows.map((row) => [row.id, row.phone]));
      // Every acknowledged lead is there, once (ids are the primary key), and nothing else is.
      expect(ids.filter((id) => !stored.has(id))).toEqual([]);
      expect(rows).toHaveLength(LEADS);
      expect(new Set(rows.map((row) => row.phone)).size).toBe(LEADS);
    } finally {
      await client.end();
    }
    console.log(`instances: ${LEADS} acknowledged, ${retried} attempts repeated after a lost answer`);
  }, 600_000);

  it('24 bookings of a 6-place slot at once, spread over both instances: 6 accepted, the slot says 6', async () => {
    const signer = createFormTokenSigner(SECRET);
    const slotId = await query(databaseUrl, `SELECT id FROM documents WHERE type = 'visitSlot' AND (doc->>'capacity')::int = 6 ORDER BY id LIMIT 1`);
    expect(slotId).toMatch(/^visitSlot-/);
    const book = (index: number) =>
      fetch(`${balancer.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          formToken: signer.issue(`booking-${index}`),
          formKind: 'customer',
          name: '예약고객',
          phone: `010${String(30_000_000 + index).slice(-8)}`,
          visitSlot: slotId,
          message: '모델하우스 방문 예약합니다.',
          privacyConsent: true,
          ageConfirmed: true,
          website: '',
          sourcePage: '/Promotion/Customer',
        }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { error?: string } }));
    const answers = await Promise.all(Array.from({ length: 24 }, (_, index) => book(index)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(6);
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.error)).toEqual(Array(18).fill('slotFull'));
    expect(await query(databaseUrl, `SELECT doc->>'booked' FROM documents WHERE id = $1`, [slotId])).toBe('6');
    expect(await query(databaseUrl, `SELECT count(*)::text FROM documents WHERE type = 'lead' AND doc->'visitSlot'->>'_ref' = $1`, [slotId])).toBe('6');
  });
});
