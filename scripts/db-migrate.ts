/**
 * Brings the database schema up to date (the server also does this at start; run it as the
 * release's migration step to see the outcome before any instance restarts): PostgreSQL's with
 * DATABASE_URL, else the sales tables of the embedded database in DATA_DIR.
 *
 *   DATABASE_URL=postgres://… npm run db:migrate
 *   npm run db:migrate            (DATA_DIR/leads.sqlite)
 */
import pg from 'pg';
import { storeAuditRetention } from '../web/server/audit/postgres-trail';
import { loadConfigOrExit } from '../web/server/config';
import { leadsDatabaseFile } from '../web/server/content/index';
import { openEmbeddedSalesDatabase } from '../web/server/database/index';
import { migrate } from '../web/server/postgres/index';
import { exitAfterOutput, writeOutput } from './cli-output';

async function main(): Promise<number> {
  const { database, auditRetentionDays, dataDir } = loadConfigOrExit();
  if (!database) {
    const sales = await openEmbeddedSalesDatabase(dataDir, { log: (line) => console.error(line) });
    await sales.close();
    await writeOutput(`내장 데이터베이스 스키마가 최신입니다 / the embedded database's schema is up to date (${leadsDatabaseFile(dataDir)})\n`);
    return 0;
  }
  const ran = await migrate(database.url, { log: (line) => console.error(line) });
  // Run as the schema's owner: the site's role may not change how long the audit trail is kept.
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const retentionChanged = await storeAuditRetention(pool, auditRetentionDays).finally(() => pool.end());
  await writeOutput(
    (ran.length ? `적용한 마이그레이션 / migrations run: ${ran.join(', ')}\n` : '스키마가 최신입니다 / the schema is up to date\n') +
      (retentionChanged ? `접속 기록 보관 기간 / audit retention: ${auditRetentionDays}일 / days\n` : ''),
  );
  return 0;
}

main().then(exitAfterOutput, (error: unknown) => {
  console.error(`마이그레이션 실패 / migration failed: ${error instanceof Error ? error.message : String(error)}`);
  exitAfterOutput(1);
});
