/**
 * Lead POST throughput with durability on: autocannon sends valid, distinct leads (each its own
 * form token and phone number) to POST /api/leads on the built server with the embedded store
 * (SQLite WAL, synchronous=FULL, group commit): every 201 is a lead fsynced to disk. Rate limits
 * and the minimum fill time are off for the run; everything else is production code.
 */
import autocannon from 'autocannon';
import { createFormTokenSigner } from '../../web/server/leads/form-token';
import { ensureFreshBuild, startServer } from '../support/built-server';
import { table } from './report';

const SECRET = 'bench-lead-form-secret';

export async function benchLeadPost(options: { duration: number; connections: number }): Promise<autocannon.Result> {
  ensureFreshBuild();
  const server = await startServer({
    env: { LEAD_FORM_SECRET: SECRET, LEAD_MIN_FILL_MS: '0', LEAD_RATE_LIMIT_IP: '0/1', LEAD_RATE_LIMIT_PHONE: '0/1' },
  });
  const signer = createFormTokenSigner(SECRET);
  let sequence = 0;
  const nextBody = () => {
    sequence += 1;
    return JSON.stringify({
      formToken: signer.issue('bench'),
      formKind: 'popup',
      name: '벤치마크',
      phone: `010${String(10_000_000 + sequence).slice(-8)}`,
      privacyConsent: true,
      ageConfirmed: true,
      website: '',
      sourcePage: '/?utm_source=bench',
    });
  };
  try {
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: server.url,
          connections: options.connections,
          duration: options.duration,
          requests: [
            {
              method: 'POST',
              path: '/api/leads',
              headers: { 'content-type': 'application/json' },
              setupRequest: (request) => ({ ...request, body: nextBody() }),
            },
          ],
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`POST /api/leads: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
    }
    console.log(`\nLead POST (durable: SQLite synchronous=FULL, group commit), ${options.duration} s, ${options.connections} connections\n`);
    console.log(
      table(
        ['route', 'req/s', 'p50 ms', 'p99 ms', 'leads stored'],
        [['POST /api/leads', result.requests.average.toFixed(0), result.latency.p50, result.latency.p99, result.requests.total]],
      ),
    );
    return result;
  } finally {
    await server.stop();
  }
}
