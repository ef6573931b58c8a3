/**
 * In Sanity mode every lead is written with SANITY_API_TOKEN. A token that cannot write would
 * send every lead to this machine's outbox while visitors are told they are registered, so the
 * server checks it at start (a dry-run mutation: nothing is written) and refuses to start without
 * write access. An unreachable Sanity does not stop the start: leads wait in the outbox.
 */
import { ClientError, createClient } from '@sanity/client';
import type { SanityConfig } from '../config';
import { sanityConnection } from '../content/index';

const PROBE_ID = 'leadsWriteAccessCheck';

export class LeadsWriteAccessError extends Error {
  constructor(reason: string) {
    super(
      [
        `Sanity 관심고객 데이터셋에 쓰기 권한이 없어 서버를 시작하지 않습니다: ${reason}`,
        'SANITY_API_TOKEN에 쓰기 권한(Editor 이상)이 있는 토큰을 넣어 주세요.',
        `Not starting: no write access to the Sanity leads dataset (${reason}).`,
        'Set SANITY_API_TOKEN to a token with write access (Editor or above).',
      ].join('\n'),
    );
    this.name = 'LeadsWriteAccessError';
  }
}

/** Resolves at once without Sanity (`sanity` unset). */
export async function checkLeadsWriteAccess(sanity: SanityConfig | undefined): Promise<void> {
  if (!sanity) return;
  const connection = sanityConnection(sanity);
  if (!connection.token) throw new LeadsWriteAccessError('SANITY_API_TOKEN is not set');
  const client = createClient({
    ...connection,
    dataset: sanity.leadsDataset,
    useCdn: false,
    maxRetries: 1,
  });
  try {
    await client.mutate([{ createIfNotExists: { _id: PROBE_ID, _type: PROBE_ID } }], { dryRun: true, returnDocuments: false });
  } catch (error) {
    if (error instanceof ClientError && (error.statusCode === 401 || error.statusCode === 403)) {
      throw new LeadsWriteAccessError(`HTTP ${error.statusCode}, ${error.message}`);
    }
    console.error(`[leads] could not check the Sanity write token (${(error as Error).message}); leads wait in the outbox until Sanity answers`);
  }
}
