/** `npm run leads -- …` as an operator runs it on the server's machine (from source, no build). */
import { spawn } from 'node:child_process';

/** Runs the leads CLI with `env` over the test's environment (no Sanity project); its exit code and all it printed. */
export function leadsCli(env: Record<string, string>, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], {
    env: { ...process.env, SANITY_PROJECT_ID: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
