/**
 * Admin account tooling.
 *
 *   npm run admin -- create            prompts for a password (or reads one line from stdin) and
 *                                      prints ADMIN_PASSWORD_HASH for the environment
 *   npm run admin -- create --random   generates a password, prints it and its hash
 *
 * The server reads ADMIN_EMAIL + ADMIN_PASSWORD_HASH; nothing here touches a running server.
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { hashPassword } from '../web/server/auth/password';
import { exitAfterOutput, writeOutput } from './cli-output';

const MIN_PASSWORD_LENGTH = 10;

async function readPassword(): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = createInterface({ input });
    for await (const line of lines) return line;
    return '';
  }
  process.stderr.write('새 관리자 비밀번호 (화면에 표시되지 않음): ');
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

async function create(random: boolean): Promise<void> {
  const password = random ? randomBytes(15).toString('base64url') : await readPassword();
  if (password.length < MIN_PASSWORD_LENGTH) {
    console.error(`비밀번호는 ${MIN_PASSWORD_LENGTH}자 이상이어야 합니다.`);
    process.exit(1);
  }
  const hash = await hashPassword(password);
  // Single quotes: the hash contains `$`, which a shell or .env loader would otherwise expand.
  await writeOutput(`${random ? `비밀번호: ${password}\n` : ''}ADMIN_PASSWORD_HASH='${hash}'\n`);
}

const [command, ...flags] = process.argv.slice(2);
if (command === 'create') {
  await create(flags.includes('--random')).then(
    () => exitAfterOutput(0),
    (error: unknown) => {
      console.error((error as Error).message);
      exitAfterOutput(1);
    },
  );
} else {
  console.error('사용법: npm run admin -- create [--random]');
  process.exit(2);
}
