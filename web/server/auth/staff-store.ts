/**
 * Where staff accounts are kept: the `staff_accounts` table of the sales database (leads.sqlite
 * embedded, PostgreSQL with DATABASE_URL), mirrored in memory since a session check is
 * synchronous. The mirror is read again once a minute and whenever the whole list is asked for;
 * the one account a request or a sign-in names is read first (`learn`), so a change made by
 * another instance or the admin CLI (another process) counts at that account's next request.
 * Staff accounts are a handful of rows and no customer's personal data.
 */
import type { Selectable } from 'kysely';
import type { StaffIdentity } from '../../shared/staff-roles';
import { isStaffRole } from '../../shared/staff-accounts';
import type { SalesDatabase, StaffAccountTable } from '../database/index';
import { isConnectionError } from '../observability/dependency-state';
import { errorField, log } from '../observability/log';
import { metrics } from '../observability/metrics';

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
  /** The account as last read. */
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

/**
 * How often the mirror is read again: the longest a change made elsewhere takes to count here
 * for an account no request names. This instance's own changes count at once.
 */
const STAFF_REFRESH_MS = 60_000;

/** How soon accounts that could not be read (the database away) are read again. */
const STAFF_RETRY_MS = 1_000;

type AccountRow = Selectable<StaffAccountTable>;

export class StaffStore implements StaffAccountStore {
  private accounts = new Map<string, StaffAccountRecord>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly sales: SalesDatabase) {}

  /**
   * Reads the accounts once, then every `intervalMs`; a failed read keeps the last mirror and is
   * tried again within STAFF_RETRY_MS. A database away at start does not stop the start.
   */
  async start(intervalMs = STAFF_REFRESH_MS): Promise<void> {
    let read = true;
    await this.refresh().catch((error: unknown) => {
      if (!isConnectionError(error)) throw error;
      read = false;
    });
    this.refreshAfter(read ? intervalMs : STAFF_RETRY_MS, intervalMs);
  }

  private refreshAfter(delay: number, intervalMs: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.refresh().then(
        () => this.refreshAfter(intervalMs, intervalMs),
        (error: unknown) => {
          metrics.backgroundFailures.inc({ job: 'staff-refresh' });
          if (!isConnectionError(error)) log.error({ job: 'staff-refresh', err: errorField(error) }, 'staff accounts: refresh failed');
          this.refreshAfter(STAFF_RETRY_MS, intervalMs);
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
    const { numInsertedOrUpdatedRows } = await this.sales.db
      .insertInto('staff_accounts')
      .values({
        email: account.email,
        name: account.name,
        role: account.role,
        password_hash: account.passwordHash,
        disabled: account.disabled ? 1 : 0,
        created_at: account.createdAt,
        updated_at: account.updatedAt,
        mobile: account.mobile,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .executeTakeFirst();
    if (numInsertedOrUpdatedRows !== 1n) return false;
    this.remember(account.email, account);
    return true;
  }

  async update(email: string, patch: StaffAccountPatch, updatedAt: string | null): Promise<boolean> {
    const row = await this.sales.db
      .updateTable('staff_accounts')
      .set((update) => ({
        password_hash: patch.passwordHash ?? update.ref('password_hash'),
        disabled: patch.disabled === undefined ? update.ref('disabled') : patch.disabled ? 1 : 0,
        role: patch.role ?? update.ref('role'),
        mobile: patch.mobile === undefined ? update.ref('mobile') : patch.mobile,
        updated_at: updatedAt ?? update.ref('updated_at'),
      }))
      .where('email', '=', email)
      .returningAll()
      .executeTakeFirst();
    this.remember(email, row ? recordOfRow(row) : null);
    return row !== undefined;
  }

  async refresh(): Promise<void> {
    const rows = await this.sales.db.selectFrom('staff_accounts').selectAll().orderBy('created_at').orderBy('email').execute();
    this.accounts = new Map(rows.map((row) => [row.email, recordOfRow(row)]));
  }

  async learn(email: string): Promise<void> {
    const row = await this.sales.db.selectFrom('staff_accounts').selectAll().where('email', '=', email).executeTakeFirst();
    this.remember(email, row ? recordOfRow(row) : null);
  }

  /** The account as just read or written (null: there is none), in a new map as refresh makes: a list being read meanwhile is not changed under it. */
  private remember(email: string, account: StaffAccountRecord | null): void {
    const accounts = new Map(this.accounts);
    if (account) accounts.set(email, account);
    else accounts.delete(email);
    this.accounts = accounts;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
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
    mobile: row.mobile,
  };
}
