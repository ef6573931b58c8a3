/**
 * Brings the database schema up to date (the server also does this at start; run it as the
 * release's migration step to see the outcome before any instance restarts): PostgreSQL's with
 * DATABASE_URL, else the sales tables of the embedded database in DATA_DIR. Then carries the press
 * view counts an older release kept in the content dataset (Sanity's, or the embedded one) into
 * the sales tables; run again, it adds nothing twice.
 *
 *   DATABASE_URL=postgres://… npm run db:migrate
 *   npm run db:migrate            (DATA_DIR/leads.sqlite)
 */
import pg from 'pg';
import { storeAuditRetention } from '../web/server/audit/postgres-trail';
import { loadConfigOrExit, type ServerConfig } from '../web/server/config';
import { openContent } from '../web/server/content/index';
import { leadsDatabaseFile } from '../web/server/database/leads-file';
import { carryPressViewDocuments } from '../web/server/database/documents-move';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../web/server/database/index';
import { migrate } from '../web/server/postgres/index';
import { exitAfterOutput, writeOutput } from './cli-output';

/** The old dataset's press view counts into the sales tables: a line saying how many articles' counts. */
async function carryPressViews(config: Pick<ServerConfig, 'dataDir' | 'sanity'>, sales: SalesDatabase): Promise<string> {
  const { content } = await openContent(config);
  try {
    const carried = await carryPressViewDocuments(content, sales);
    return carried ? `옮긴 언론보도 조회수 / press view counts carried over: ${carried}건 / articles\n` : '';
  } finally {
    await content.close();
  }
}

async function main(): Promise<number> {
  const config = loadConfigOrExit();
  const { database, auditRetentionDays, dataDir } = config;
  if (!database) {
    const sales = await openEmbeddedSalesDatabase(dataDir, { log: (line) => console.error(line) });
    const carried = await carryPressViews(config, sales).finally(() => sales.close());
    await writeOutput(`내장 데이터베이스 스키마가 최신입니다 / the embedded database's schema is up to date (${leadsDatabaseFile(dataDir)})\n${carried}`);
    return 0;
  }
  const ran = await migrate(database.url, { log: (line) => console.error(line) });
  // Run as the schema's owner: the site's role may not change how long the audit trail is kept.
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const { retentionChanged, carried } = await (async () => ({
    retentionChanged: await storeAuditRetention(pool, auditRetentionDays),
    carried: await carryPressViews(config, salesDatabaseOnPostgres(pool)),
  }))().finally(() => pool.end());
  await writeOutput(
    (ran.length ? `적용한 마이그레이션 / migrations run: ${ran.join(', ')}\n` : '스키마가 최신입니다 / the schema is up to date\n') +
      (retentionChanged ? `접속 기록 보관 기간 / audit retention: ${auditRetentionDays}일 / days\n` : '') +
      carried,
  );
  return 0;
}

main().then(exitAfterOutput, (error: unknown) => {
  console.error(`마이그레이션 실패 / migration failed: ${error instanceof Error ? error.message : String(error)}`);
  exitAfterOutput(1);
});
