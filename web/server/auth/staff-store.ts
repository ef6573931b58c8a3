/**
 * Where staff accounts are kept, on either backend:
 *
 * - embedded: the `staff_accounts` table of leads.sqlite, read at every sign-in and session check,
 *   so an account the admin CLI adds or disables (another process) counts at once;
 * - documents: `staffAccount` documents of the leads store (PostgreSQL's document store with
 *   DATABASE_URL), mirrored in memory (a session check is synchronous) and re-read once a minute
 *   and whenever the whole list is asked for; the one account a request or a sign-in names is read
 *   from the database first (`learn`), so a change made by another instance or the CLI counts at
 *   that account's next request.
 */
import { createHash } from 'node:crypto';
import { staffAccountsQuery } from '../../sanity/queries';
import { STAFF_ROLES, type StaffIdentity } from '../../shared/console';
import { isStaffRole } from '../../shared/staff-accounts';
import { ContentUnavailableError, MutationError, type ContentSource } from '../content/types';
import { errorField, log } from '../observability/log';
import { metrics } from '../observability/metrics';
import type { SqliteDatabase } from '../sqlite';

export type StaffAccountRecord = StaffIdentity & {
  passwordHash: string;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
  /** 휴대폰 for the console's messages to staff (`01012345678`), or null. */
  mobile: string | null;
};

export type StaffAccountPatch = Partial<Pick<StaffAccountRecord, 'passwordHash' | 'disabled' | 'role' | 'mobile'>>;

export interface StaffAccountStore {
  /** The account as last read (embedded: read now). */
  find(email: string): StaffAccountRecord | null;
  all(): Promise<StaffAccountRecord[]>;
  /** False when an account with this email exists already. */
  insert(account: StaffAccountRecord): Promise<boolean>;
  /**
   * False when there is no such account. `updatedAt` is the account's session epoch (sessions
   * issued before it end); null keeps it, for a change that leaves the account's sessions alone.
   */
  update(email: string, patch: StaffAccountPatch, updatedAt: string | null): Promise<boolean>;
  /** Reads again what other processes or instances changed. */
  refresh(): Promise<void>;
  /** Reads one account again, as another process or instance left it. */
  learn(email: string): Promise<void>;
  close(): void;
}

/** The stored document of an id, read from the database itself (not a mirror); null when none. */
export type StoredDocumentReader = (id: string) => Promise<Record<string, unknown> | null>;

type AccountRow = {
  email: string;
  name: string;
  role: string;
  password_hash: string;
  disabled: number;
  created_at: string;
  updated_at: string;
  mobile: string | null;
};

/** The table as this version keeps it: the role check names every role there is. */
const STAFF_TABLE_SQL = (name: string) => `
  CREATE TABLE IF NOT EXISTS ${name} (
    email         TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN (${STAFF_ROLES.map((role) => `'${role}'`).join(', ')})),
    password_hash TEXT NOT NULL,
    disabled      INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    mobile        TEXT
  )`;
const ALL_COLUMNS = 'email, name, role, password_hash, disabled, created_at, updated_at, mobile';

export class SqliteStaffStore implements StaffAccountStore {
  constructor(private readonly database: SqliteDatabase) {
    database.exec(STAFF_TABLE_SQL('staff_accounts'));
    addMobileColumn(database);
    allowEveryRole(database);
  }

  find(email: string): StaffAccountRecord | null {
    const row = this.database.prepare('SELECT * FROM staff_accounts WHERE email = ?').get<AccountRow>(email);
    return row ? recordOfRow(row) : null;
  }

  async all(): Promise<StaffAccountRecord[]> {
    return this.database.prepare('SELECT * FROM staff_accounts ORDER BY created_at, email').all<AccountRow>().map(recordOfRow);
  }

  async insert(account: StaffAccountRecord): Promise<boolean> {
    const { changes } = this.database
      .prepare(
        `INSERT OR IGNORE INTO staff_accounts (${ALL_COLUMNS})
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(account.email, account.name, account.role, account.passwordHash, account.disabled ? 1 : 0, account.createdAt, account.updatedAt, account.mobile);
    return changes === 1;
  }

  async update(email: string, patch: StaffAccountPatch, updatedAt: string | null): Promise<boolean> {
    const { changes } = this.database
      .prepare(
        `UPDATE staff_accounts SET password_hash = coalesce(?, password_hash), disabled = coalesce(?, disabled), role = coalesce(?, role),
           mobile = CASE WHEN ? THEN ? ELSE mobile END, updated_at = coalesce(?, updated_at)
         WHERE email = ?`,
      )
      .run(
        patch.passwordHash ?? null,
        patch.disabled === undefined ? null : patch.disabled ? 1 : 0,
        patch.role ?? null,
        patch.mobile === undefined ? 0 : 1,
        patch.mobile ?? null,
        updatedAt,
        email,
      );
    return changes === 1;
  }

  async refresh(): Promise<void> {
    // Every read goes to the table.
  }

  async learn(): Promise<void> {
    // Every read goes to the table.
  }

  close(): void {
    // The connection belongs to whoever opened it (it serves the audit trail too).
  }
}

/**
 * A table from before a role was added refuses that role (SQLite cannot change a CHECK in place):
 * it is copied into one that takes every role and put in its place, in one transaction, so
 * another process opening the file sees either table whole.
 */
function allowEveryRole(database: SqliteDatabase): void {
  const table = () =>
    database.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'staff_accounts'`).get<{ sql: string }>()?.sql ?? '';
  const missesARole = () => STAFF_ROLES.some((role) => !table().includes(`'${role}'`));
  if (!missesARole()) return;
  database.transaction(() => {
    if (!missesARole()) return;
    database.exec(`${STAFF_TABLE_SQL('staff_accounts_next')};
      INSERT INTO staff_accounts_next (${ALL_COLUMNS}) SELECT ${ALL_COLUMNS} FROM staff_accounts;
      DROP TABLE staff_accounts;
      ALTER TABLE staff_accounts_next RENAME TO staff_accounts;`);
  });
}

/** A table from before staff mobile numbers gets the column (accounts keep none until an admin sets one). */
function addMobileColumn(database: SqliteDatabase): void {
  const hasMobile = () => database.prepare(`SELECT 1 AS found FROM pragma_table_info('staff_accounts') WHERE name = 'mobile'`).get() !== undefined;
  if (hasMobile()) return;
  database.transaction(() => {
    if (!hasMobile()) database.exec('ALTER TABLE staff_accounts ADD COLUMN mobile TEXT');
  });
}

function recordOfRow(row: AccountRow): StaffAccountRecord {
  return {
    email: row.email,
    name: row.name,
    role: isStaffRole(row.role) ? row.role : 'sales',
    passwordHash: row.password_hash,
    disabled: row.disabled === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    mobile: row.mobile ?? null,
  };
}

/**
 * How often the document mirror is read again: the longest a change made on another instance takes
 * to count here. This instance's own changes count at once.
 */
export const STAFF_DOCUMENTS_REFRESH_MS = 60_000;

/** A stable document id for an email (ids may not hold `@`). */
export function staffAccountId(email: string): string {
  return `staffAccount.${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;
}

/** How soon accounts that could not be read (the database away) are read again. */
const STAFF_DOCUMENTS_RETRY_MS = 1_000;

export class DocumentStaffStore implements StaffAccountStore {
  private accounts = new Map<string, StaffAccountRecord>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly leads: ContentSource,
    /** Without it (a store no other instance writes), `learn` reads the whole list. */
    private readonly readStored?: StoredDocumentReader,
  ) {}

  /**
   * Reads the accounts once, then every `intervalMs`; a failed read keeps the last mirror and is
   * tried again within STAFF_DOCUMENTS_RETRY_MS. A store that is unavailable at start (the
   * database away) does not stop the start.
   */
  async start(intervalMs = STAFF_DOCUMENTS_REFRESH_MS): Promise<void> {
    let read = true;
    await this.refresh().catch((error: unknown) => {
      if (!(error instanceof ContentUnavailableError)) throw error;
      read = false;
    });
    this.refreshAfter(read ? intervalMs : STAFF_DOCUMENTS_RETRY_MS, intervalMs);
  }

  private refreshAfter(delay: number, intervalMs: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.refresh().then(
        () => this.refreshAfter(intervalMs, intervalMs),
        (error: unknown) => {
          metrics.backgroundFailures.inc({ job: 'staff-refresh' });
          if (!(error instanceof ContentUnavailableError)) log.error({ job: 'staff-refresh', err: errorField(error) }, 'staff accounts: refresh failed');
          this.refreshAfter(STAFF_DOCUMENTS_RETRY_MS, intervalMs);
        },
      );
    }, delay);
    this.timer.unref();
  }

  find(email: string): StaffAccountRecord | null {
    return this.accounts.get(email) ?? null;
  }

  async all(): Promise<StaffAccountRecord[]> {
    await this.refresh();
    return [...this.accounts.values()];
  }

  async insert(account: StaffAccountRecord): Promise<boolean> {
    try {
      const { mobile, ...fields } = account;
      await this.leads.mutate([{ create: { _id: staffAccountId(account.email), _type: 'staffAccount', ...fields, ...(mobile ? { mobile } : {}) } }]);
    } catch (error) {
      if (error instanceof MutationError && error.statusCode === 409) return false;
      throw error;
    }
    this.accounts.set(account.email, account);
    return true;
  }

  async update(email: string, patch: StaffAccountPatch, updatedAt: string | null): Promise<boolean> {
    try {
      // A removed number is unset (a document keeps no null fields).
      const { mobile, ...rest } = patch;
      const set = { ...rest, ...(mobile ? { mobile } : {}), ...(updatedAt ? { updatedAt } : {}) };
      await this.leads.mutate([{ patch: { id: staffAccountId(email), set, ...(mobile === null ? { unset: ['mobile'] } : {}) } }]);
    } catch (error) {
      if (error instanceof MutationError && error.statusCode === 404) return false;
      throw error;
    }
    await this.refresh();
    return true;
  }

  async refresh(): Promise<void> {
    const rows = await this.leads.fetch(staffAccountsQuery);
    const accounts = new Map<string, StaffAccountRecord>();
    for (const row of rows) {
      const account = accountOfDocument(row);
      if (account) accounts.set(account.email, account);
    }
    this.accounts = accounts;
  }

  async learn(email: string): Promise<void> {
    if (!this.readStored) return this.refresh();
    const account = accountOfDocument((await this.readStored(staffAccountId(email))) ?? {});
    // A new map, as refresh makes: a list being read meanwhile is not changed under it.
    const accounts = new Map(this.accounts);
    if (account?.email === email) accounts.set(email, account);
    else accounts.delete(email);
    this.accounts = accounts;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

/** A `staffAccount` document as the record it stands for; null when it is none. */
function accountOfDocument(row: Record<string, unknown>): StaffAccountRecord | null {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const email = text(row.email);
  const passwordHash = text(row.passwordHash);
  if (!email || !passwordHash) return null;
  return {
    email,
    name: text(row.name) ?? email,
    role: isStaffRole(row.role) ? row.role : 'sales',
    passwordHash,
    disabled: row.disabled === true,
    createdAt: text(row.createdAt) ?? '',
    updatedAt: text(row.updatedAt) ?? '',
    mobile: text(row.mobile),
  };
}
