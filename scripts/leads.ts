/**
 * Staff tools for the sales database the environment configures (PostgreSQL when DATABASE_URL is
 * set, else the embedded leads.sqlite under DATA_DIR):
 *
 *   npm run leads -- export [--since 2026-01-31] > leads.csv   the console's CSV export, recorded
 *                                                               in the audit trail (actor `cli`)
 *   npm run leads -- purge                                      delete leads past the retention period
 *   npm run leads -- import-sanity                              move an old Sanity leads dataset into
 *                                                               the sales database, once (SANITY_* set)
 *   npm run leads -- delete --phone 010… --reason 사유          delete one customer's data on request
 *                                                               (every registration with the number)
 *
 * `purge` reads the period from the Studio's "관심고객 등록 설정" (retentionDays); run it daily from
 * cron (docs/operations.md). On PostgreSQL it then rewrites the tables that held the deleted rows
 * (those of the day's erasures too), so their bytes leave the files; that needs the schema owner's
 * DATABASE_URL. Output is on stdout, messages on stderr.
 */
import { openStaffServices } from '../web/server/auth/staff-services';
import { CLI_ACTOR } from '../web/server/auth/staff-accounts';
import { loadConfigOrExit } from '../web/server/config';
import { closeContentSources, createContentSources, sanityConnection, type ContentSources } from '../web/server/content/index';
import { leadsDatabaseFile } from '../web/server/database/leads-file';
import { createSanitySource } from '../web/server/content/sanity';
import { createLeadConsole } from '../web/server/console/index';
import { deliverLeadExport } from '../web/server/console/lead-export';
import { createLeadService, seedDemoVisitSlots } from '../web/server/leads/index';
import { importLeadsDataset } from '../web/server/leads/import-sanity';
import { eraseCustomer, type ErasureResult } from '../web/server/console/customer-erasure';
import { SalesMessageLog } from '../web/server/messages/index';
import { rewritePersonalDataTables, type OlderSession } from '../web/server/postgres/rewrite-tables';
import { exitAfterOutput, stdoutWriter } from './cli-output';

const USAGE =
  'usage: npm run leads -- export [--since YYYY-MM-DD] > leads.csv\n       npm run leads -- purge\n       npm run leads -- import-sanity\n       npm run leads -- delete --phone 010… --reason 사유';

const ERASURE_MESSAGES: Record<Exclude<ErasureResult, { ok: true }>['error'], string> = {
  forbidden: '관리자만 삭제할 수 있습니다.',
  invalidPhone: '--phone에 휴대폰 번호(010…)를 적어 주세요.',
  reasonRequired: '--reason에 삭제 사유를 적어 주세요.',
  reasonTooLong: '삭제 사유는 200자 이내로 적어 주세요.',
  notFound: '이 번호로 등록된 고객이 없습니다.',
};

/** The value after `name`, or '' when it is missing. */
function optionValue(args: string[], name: string): string {
  const index = args.indexOf(name);
  const value = index === -1 ? undefined : args[index + 1];
  return value && !value.startsWith('--') ? value : '';
}

/** One customer's data deleted on request, recorded as actor `cli` (the number is never printed). */
async function deleteCustomer(args: string[]): Promise<number> {
  const config = loadConfigOrExit();
  const sources = await createContentSources(config);
  const messages = new SalesMessageLog(sources.sales);
  const service = createLeadService(sources, config);
  try {
    const result = await eraseCustomer(
      { sales: sources.sales, messages, outbox: service },
      { phone: optionValue(args, '--phone'), reason: optionValue(args, '--reason') },
      { ...CLI_ACTOR, role: 'admin' },
    );
    if (!result.ok) {
      process.stderr.write(`${ERASURE_MESSAGES[result.error]}\n`);
      return result.error === 'notFound' ? 1 : 2;
    }
    process.stderr.write(`${result.maskedName} 고객의 등록 ${result.deleted}건을 삭제했습니다.\n`);
    return 0;
  } finally {
    await service.close();
    await messages.close();
    await closeContentSources(sources);
  }
}

/** The first Korean calendar day to export, as the console's 등록일 filter takes it. */
function parseSince(args: string[]): string | undefined {
  const index = args.indexOf('--since');
  if (index === -1) return undefined;
  const value = args[index + 1] ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new Error(`--since needs a date like 2026-01-31, got "${value}"`);
  }
  return value;
}

/** The 사유 of the record: whoever runs the CLI on the server exports for operations (a backup, a hand-over). */
const CLI_EXPORT_REASON = '서버에서 운영자 CLI로 내려받음';

/** The same export as the console's CSV download, through the same audited path. */
async function exportLeads(sources: ContentSources, config: ReturnType<typeof loadConfigOrExit>, since: string | undefined): Promise<void> {
  const { staff, audit, close } = await openStaffServices(sources, config);
  const leadConsole = createLeadConsole({ sales: sources.sales, content: sources.content }, { audit, staff });
  try {
    const operator = { ...CLI_ACTOR, name: '운영자 CLI', role: 'admin' as const };
    await leadConsole.exportLeads(since ? { from: since } : {}, operator, { format: 'csv', reason: CLI_EXPORT_REASON }, (rows) =>
      deliverLeadExport('csv', rows, stdoutWriter()),
    );
  } finally {
    await close();
  }
}

/** An old Sanity leads dataset moved into the sales database, once; then the dataset is deleted by hand. */
async function importSanity(config: ReturnType<typeof loadConfigOrExit>): Promise<number> {
  if (!config.sanity) {
    process.stderr.write('import-sanity는 옮길 데이터셋의 SANITY_PROJECT_ID·SANITY_API_TOKEN(SANITY_LEADS_DATASET)이 있어야 합니다.\n');
    return 2;
  }
  const sources = await createContentSources(config);
  const { audit, close } = await openStaffServices(sources, config);
  const dataset = createSanitySource({ ...sanityConnection(config.sanity), dataset: config.sanity.leadsDataset, useCdn: false, cacheTtlMs: 0 });
  try {
    const report = await importLeadsDataset(dataset, { sales: sources.sales, audit }, (line) => process.stderr.write(`${line}\n`));
    const destination = sources.database ? 'PostgreSQL' : leadsDatabaseFile(config.dataDir);
    process.stderr.write(
      `${config.sanity.leadsDataset} 데이터셋의 문서 ${report.read}건 중 ${report.created}건을 ${destination}로 옮겼습니다 (${report.alreadyThere}건은 이미 있음). ` +
        `확인한 뒤 데이터셋을 삭제하세요: docs/postgresql.md\n`,
    );
    return 0;
  } finally {
    await close();
    await dataset.close();
    await closeContentSources(sources);
  }
}

/** Sessions as the operator finds them in `pg_stat_activity`. */
function describeSessions(sessions: OlderSession[]): string {
  return sessions.map(({ pid, name }) => `pid ${pid} ${name}`).join(', ');
}

/**
 * The retention purge, recorded in the audit trail like the server's own daily run; on PostgreSQL
 * the personal-data tables are then rewritten (exit 1, with the reason, when the role cannot).
 */
async function purge(): Promise<number> {
  const config = loadConfigOrExit();
  const sources = await createContentSources(config, { seedEmbeddedSales: seedDemoVisitSlots });
  const { audit, close } = await openStaffServices(sources, config);
  const messageLog = new SalesMessageLog(sources.sales);
  const service = createLeadService(sources, config, { audit, messageLog });
  try {
    const { deleted, before, retentionDays } = await service.purgeExpired();
    process.stderr.write(`deleted ${deleted} leads created before ${before} (retention ${retentionDays} days)\n`);
    if (!sources.database) return 0;
    const { skipped, olderSessions } = await rewritePersonalDataTables(sources.database, {
      onWaiting: (sessions) =>
        process.stderr.write(
          `먼저 시작된 트랜잭션(${describeSessions(sessions)})이 끝나기를 기다렸다가 테이블을 다시 씁니다.\n` +
            `waiting for the older transactions of ${describeSessions(sessions)} to end before rewriting the tables\n`,
        ),
    });
    if (olderSessions.length > 0) {
      process.stderr.write(
        `먼저 시작된 트랜잭션(${describeSessions(olderSessions)})이 끝나지 않아, 삭제한 행의 내용이 파일에 남아 있을 수 있습니다. 그 연결을 끝낸 뒤 다시 실행해 주세요.\n` +
          `the older transactions of ${describeSessions(olderSessions)} did not end: the deleted rows' bytes may stay in the table files; end them and run this again\n`,
      );
    }
    if (skipped.length > 0) {
      process.stderr.write(
        `테이블을 다시 쓰지 못했습니다(${skipped.join(', ')}): 삭제한 행의 내용이 파일에 남아 있습니다. 스키마 소유자의 DATABASE_URL로 실행해 주세요.\n` +
          `could not rewrite ${skipped.join(', ')}: the deleted rows' bytes stay in the table files; run this with the schema owner's DATABASE_URL\n`,
      );
    }
    return skipped.length === 0 && olderSessions.length === 0 ? 0 : 1;
  } finally {
    await service.close();
    await messageLog.close();
    await close();
    await closeContentSources(sources);
  }
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'import-sanity') return importSanity(loadConfigOrExit());
  if (command === 'delete') return deleteCustomer(rest);
  if (command === 'purge') return purge();
  if (command !== 'export') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const since = parseSince(rest);
  const config = loadConfigOrExit();
  const sources = await createContentSources(config, { seedEmbeddedSales: seedDemoVisitSlots });
  const service = createLeadService(sources, config);
  try {
    await exportLeads(sources, config, since);
    const pending = await service.pendingOutboxCount();
    if (pending > 0) process.stderr.write(`${pending} leads wait in the outbox and are not in the export yet\n`);
    return 0;
  } finally {
    await service.close();
    await closeContentSources(sources);
  }
}

main(process.argv.slice(2)).then(exitAfterOutput, (error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  exitAfterOutput(1);
});
