/**
 * Runs a command with the canary secrets of `canary-secrets.ts` in its environment (real values
 * already set win). `npm test` builds through it so that a leak of any server secret into
 * `build/client` is detectable by `client-assets.spec.ts` even on a CI machine with no secrets.
 *
 *   tsx tests/e2e/support/with-canary-secrets.ts npm run build
 */
import { spawn } from 'node:child_process';
import { secretEnv } from './canary-secrets';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx tests/e2e/support/with-canary-secrets.ts <command> [args…]');
  process.exit(2);
}

const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, ...secretEnv() },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
