/**
 * Staff accounts as the console and the admin CLI change them: add, disable, enable, reset the
 * password. Every change is checked (shared rules), recorded in the audit trail, and refused when
 * it would leave no enabled admin. Sign-in and sessions read the same store (sign-in.ts, staff-auth.ts).
 */
import { maskPhone } from '../../shared/phone-format';
import { isLowerRole, type StaffIdentity, type StaffRole } from '../../shared/staff-roles';
import { checkNewAccount, checkPassword, isStaffRole, normalizeEmail, staffMobile, type StaffAccountError } from '../../shared/staff-accounts';
import type { AuditTrail } from '../audit/trail';
import { hashPassword, type ScryptParameters } from './password';
import type { StaffAccountRecord, StaffAccountStore } from './staff-store';

/**
 * `mobile`: the stored 휴대폰 (`01012345678`) or null; pages show it masked but to an admin editing
 * it. `updatedAt`: the last change (a disabled account's: when it was disabled).
 */
export type StaffAccountSummary = StaffIdentity & { disabled: boolean; createdAt: string; updatedAt?: string; mobile?: string | null };

/** Staff accounts as the console lists them (the auth service owns passwords and sessions). */
export interface StaffDirectory {
  list(): Promise<StaffAccountSummary[]>;
}

/** Who makes a change: a signed-in admin, or the CLI (`cli`, address `local`). */
export type AccountChangeActor = { email: string; ip: string };

/** `endedSessions`: the change signed the account out of every session (a lower role). */
export type AccountChangeResult = { ok: true; endedSessions?: boolean } | { ok: false; error: StaffAccountError };

export const CLI_ACTOR: AccountChangeActor = { email: 'cli', ip: 'local' };

export type StaffAccountsOptions = {
  /** ADMIN_EMAIL: its password is ADMIN_PASSWORD_HASH, set at every start, never reset here. */
  environmentAdmin?: string;
  /** Unset: the production parameters. */
  passwordHashing?: ScryptParameters;
  now?: () => number;
};

export class StaffAccounts implements StaffDirectory {
  private readonly now: () => number;
  private readonly environmentAdmin: string | undefined;
  private readonly passwordHashing: ScryptParameters | undefined;

  constructor(
    private readonly store: StaffAccountStore,
    private readonly audit: AuditTrail,
    options: StaffAccountsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.environmentAdmin = options.environmentAdmin && normalizeEmail(options.environmentAdmin);
    this.passwordHashing = options.passwordHashing;
  }

  /** The stored account (read now on the embedded store), disabled ones included. */
  find(email: string): StaffAccountRecord | null {
    return this.store.find(normalizeEmail(email));
  }

  refresh(): Promise<void> {
    return this.store.refresh();
  }

  /** Reads this one account again, as another instance or the CLI may have changed it. */
  learn(email: string): Promise<void> {
    return this.store.learn(normalizeEmail(email));
  }

  async list(): Promise<StaffAccountSummary[]> {
    return (await this.store.all()).map(({ email, name, role, disabled, createdAt, updatedAt, mobile }) => ({
      email,
      name,
      role,
      disabled,
      createdAt,
      updatedAt,
      mobile,
    }));
  }

  async hasAccounts(): Promise<boolean> {
    return (await this.store.all()).length > 0;
  }

  async add(
    fields: { email: string; name: string; role: unknown; password: string; mobile?: string },
    actor: AccountChangeActor,
  ): Promise<AccountChangeResult> {
    const email = normalizeEmail(fields.email);
    const problem = checkNewAccount({ ...fields, email });
    if (problem) return { ok: false, error: problem };
    const mobile = staffMobile(fields.mobile ?? '');
    if (mobile === 'invalid') return { ok: false, error: 'invalidMobile' };
    const role = fields.role as StaffRole;
    const stored = await this.insert({
      email,
      name: fields.name.trim(),
      role,
      passwordHash: await hashPassword(fields.password, this.passwordHashing),
      mobile,
    });
    if (!stored) return { ok: false, error: 'accountExists' };
    const detail = mobile ? `role=${role}, 휴대폰 ${maskPhone(mobile)}` : `role=${role}`;
    await this.audit.record({ actor: actor.email, action: 'accountCreate', ip: actor.ip, target: email, detail });
    return { ok: true };
  }

  /** Stores an account whose password is hashed already (the first admin, migrated); false when it exists. */
  async insert(account: Pick<StaffAccountRecord, 'email' | 'name' | 'role' | 'passwordHash'> & { mobile?: string | null }): Promise<boolean> {
    const at = new Date(this.now()).toISOString();
    return this.store.insert({
      ...account,
      email: normalizeEmail(account.email),
      disabled: false,
      createdAt: at,
      updatedAt: at,
      mobile: account.mobile ?? null,
    });
  }

  /** An admin sets or (empty) removes an account's 휴대폰; the record names it masked. The account's sessions go on. */
  async setMobile(emailInput: string, raw: string, actor: AccountChangeActor): Promise<AccountChangeResult> {
    const email = normalizeEmail(emailInput);
    const mobile = staffMobile(raw);
    if (mobile === 'invalid') return { ok: false, error: 'invalidMobile' };
    if (!(await this.store.update(email, { mobile }, null))) return { ok: false, error: 'accountNotFound' };
    await this.audit.record({ actor: actor.email, action: 'accountMobile', ip: actor.ip, target: email, detail: mobile ? maskPhone(mobile) : '삭제' });
    return { ok: true };
  }

  /** The account's 휴대폰 as stored, for a message to it (null: none, or no such account). */
  async mobileOf(emailInput: string): Promise<string | null> {
    await this.store.refresh();
    return this.store.find(normalizeEmail(emailInput))?.mobile ?? null;
  }

  /** Disabling ends the account's sessions at their next request. */
  async setDisabled(emailInput: string, disabled: boolean, actor: AccountChangeActor): Promise<AccountChangeResult> {
    const email = normalizeEmail(emailInput);
    await this.store.refresh();
    const account = this.store.find(email);
    if (!account) return { ok: false, error: 'accountNotFound' };
    if (disabled && email === actor.email) return { ok: false, error: 'ownAccount' };
    if (disabled && account.role === 'admin' && !account.disabled && (await this.enabledAdmins()) <= 1) {
      return { ok: false, error: 'lastAdmin' };
    }
    if (!(await this.store.update(email, { disabled }, new Date(this.now()).toISOString()))) return { ok: false, error: 'accountNotFound' };
    await this.audit.record({ actor: actor.email, action: disabled ? 'accountDisable' : 'accountEnable', ip: actor.ip, target: email });
    return { ok: true };
  }

  /**
   * The new role counts at the account's next request (sessions read the account every time); a
   * lower role also ends the account's sessions, so no screen opened under the higher one stays.
   */
  async changeRole(emailInput: string, role: unknown, actor: AccountChangeActor): Promise<AccountChangeResult> {
    const email = normalizeEmail(emailInput);
    if (!isStaffRole(role)) return { ok: false, error: 'invalidRole' };
    await this.store.refresh();
    const account = this.store.find(email);
    if (!account) return { ok: false, error: 'accountNotFound' };
    if (account.role === role) return { ok: true };
    if (email === actor.email) return { ok: false, error: 'ownAccount' };
    if (account.role === 'admin' && !account.disabled && (await this.enabledAdmins()) <= 1) return { ok: false, error: 'lastAdmin' };
    const endsSessions = isLowerRole(role, account.role);
    if (!(await this.store.update(email, { role }, endsSessions ? new Date(this.now()).toISOString() : null))) return { ok: false, error: 'accountNotFound' };
    await this.audit.record({ actor: actor.email, action: 'accountRole', ip: actor.ip, target: email, detail: `${account.role} → ${role}` });
    return endsSessions ? { ok: true, endedSessions: true } : { ok: true };
  }

  /** A new password ends the account's sessions (they are tied to the hash they were issued under). */
  async resetPassword(emailInput: string, password: string, actor: AccountChangeActor): Promise<AccountChangeResult> {
    const email = normalizeEmail(emailInput);
    if (email === this.environmentAdmin) return { ok: false, error: 'managedByEnvironment' };
    const problem = checkPassword(password);
    if (problem) return { ok: false, error: problem };
    const updated = await this.store.update(email, { passwordHash: await hashPassword(password, this.passwordHashing) }, new Date(this.now()).toISOString());
    if (!updated) return { ok: false, error: 'accountNotFound' };
    await this.audit.record({ actor: actor.email, action: 'accountReset', ip: actor.ip, target: email });
    return { ok: true };
  }

  /**
   * ADMIN_EMAIL + ADMIN_PASSWORD_HASH: the account exists as an admin with that password (added
   * when missing; a changed hash replaces the stored one, which ends the account's sessions).
   */
  async applyEnvironmentAdmin(email: string, passwordHash: string): Promise<void> {
    const account = this.find(email);
    if (!account) await this.insert({ email, name: '관리자', role: 'admin', passwordHash });
    else if (account.passwordHash !== passwordHash) await this.store.update(account.email, { passwordHash }, new Date(this.now()).toISOString());
  }

  private async enabledAdmins(): Promise<number> {
    return (await this.store.all()).filter((account) => account.role === 'admin' && !account.disabled).length;
  }

  close(): void {
    this.store.close();
  }
}
