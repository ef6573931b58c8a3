/**
 * Staff account tooling. Works while the server runs: the server reads the account again at every
 * sign-in and session check, on either database, so an added account signs in at once and a
 * disabled one is out at once. Every change is recorded in the audit trail (`cli`).
 *
 *   printf '%s\n' PASSWORD | npm run staff -- add EMAIL --role sales|manager|admin --name 이름
 *   npm run staff -- list             one account a line: email, name, role, state, created (Seoul)
 *   npm run staff -- disable EMAIL
 *   npm run staff -- enable EMAIL
 *   npm run staff -- create            prints ADMIN_PASSWORD_HASH for the environment (password
 *                                      from the prompt or one line of stdin)
 *   npm run staff -- create --random   generates a password, prints it and its hash
 *
 * The accounts live in the store the environment configures (DATA_DIR/leads.sqlite, or
 * PostgreSQL when DATABASE_URL is set).
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { STAFF_ROLE_LABELS } from '../web/shared/staff-roles';
import { seoulDateTime } from '../web/shared/seoul-time';
import { STAFF_ACCOUNT_ERROR_MESSAGES, checkPassword } from '../web/shared/staff-accounts';
import { hashPassword } from '../web/server/auth/password';
import { CLI_ACTOR, type AccountChangeResult } from '../web/server/auth/staff-accounts';
import { openStaffServices } from '../web/server/auth/staff-services';
import { loadConfigOrExit } from '../web/server/config';
import { closeContentSources, createContentSources } from '../web/server/content/index';
import { exitAfterOutput, writeOutput } from './cli-output';

const USAGE = [
  "사용법: printf '%s\\n' 비밀번호 | npm run staff -- add EMAIL --role sales|manager|admin --name 이름",
  '        npm run staff -- list',
  '        npm run staff -- disable EMAIL',
  '        npm run staff -- enable EMAIL',
  '        npm run staff -- create [--random]',
].join('\n');

class UsageError extends Error {}

async function readPassword(): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = createInterface({ input });
    for await (const line of lines) return line;
    return '';
  }
  process.stderr.write('비밀번호 (화면에 표시되지 않음): ');
  input.setRawMode(true);
  let password = '';
  for await (const chunk of input) {
    for (const char of String(chunk)) {
      if (char === '\r' || char === '\n') {
        input.setRawMode(false);
        input.pause();
        process.stderr.write('\n');
        return password;
      }
      if (char === '\u0003') process.exit(130);
      password = char === '\u007f' ? password.slice(0, -1) : password + char;
    }
  }
  return password;
}

async function create(random: boolean): Promise<number> {
  const password = random ? randomBytes(15).toString('base64url') : await readPassword();
  const problem = checkPassword(password);
  if (problem) {
    process.stderr.write(`${STAFF_ACCOUNT_ERROR_MESSAGES[problem]}\n`);
    return 1;
  }
  const hash = await hashPassword(password);
  // Single quotes: the hash contains `$`, which a shell or .env loader would otherwise expand.
  await writeOutput(`${random ? `비밀번호: ${password}\n` : ''}ADMIN_PASSWORD_HASH='${hash}'\n`);
  return 0;
}

function option(args: string[], name: string): string {
  const index = args.indexOf(name);
  const value = index === -1 ? undefined : args[index + 1];
  if (!value || value.startsWith('--')) throw new UsageError(`${name} 값이 필요합니다.`);
  return value;
}

function reported(result: AccountChangeResult, done: string): number {
  if (!result.ok) {
    process.stderr.write(`${STAFF_ACCOUNT_ERROR_MESSAGES[result.error]}\n`);
    return 1;
  }
  process.stderr.write(`${done}\n`);
  return 0;
}

/** The account commands, against the configured store. */
async function manage(command: string, args: string[]): Promise<number> {
  const email = args[0] && !args[0].startsWith('--') ? args[0] : undefined;
  if (command !== 'list' && !email) throw new UsageError('EMAIL이 필요합니다.');
  const fields = command === 'add' ? { role: option(args, '--role'), name: option(args, '--name') } : null;
  const config = loadConfigOrExit();
  // Embedded: only leads.sqlite's account and audit tables are opened, not the content store.
  const sources = config.database ? await createContentSources(config) : null;
  const services = await openStaffServices(sources ?? {}, config);
  try {
    const { staff } = services;
    if (command === 'list') {
      const rows = (await staff.list()).map((account) =>
        [
          account.email,
          account.name,
          STAFF_ROLE_LABELS[account.role],
          account.disabled ? '사용 중지' : '사용 중',
          seoulDateTime(account.createdAt, 'second'),
        ].join('\t'),
      );
      await writeOutput(rows.length ? `${rows.join('\n')}\n` : '');
      return 0;
    }
    if (fields) {
      const password = await readPassword();
      return reported(await staff.add({ email: email!, ...fields, password }, CLI_ACTOR), `계정을 추가했습니다: ${email}`);
    }
    const disable = command === 'disable';
    return reported(await staff.setDisabled(email!, disable, CLI_ACTOR), `${disable ? '사용 중지했습니다' : '다시 사용하게 했습니다'}: ${email}`);
  } finally {
    await services.close();
    if (sources) await closeContentSources(sources);
  }
}

async function main([command = '', ...args]: string[]): Promise<number> {
  try {
    if (command === 'create') return await create(args.includes('--random'));
    if (['add', 'list', 'disable', 'enable'].includes(command)) return await manage(command, args);
    throw new UsageError('');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message ? `${error.message}\n` : ''}${USAGE}\n`);
    return 2;
  }
}

main(process.argv.slice(2)).then(exitAfterOutput, (error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  exitAfterOutput(1);
});
