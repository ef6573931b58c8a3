/** `npm run leads -- …` as an operator runs it on the server's machine (from source, no build). */
import { spawn } from 'node:child_process';

/**
 * Runs the leads CLI with `env` over the test's environment (no Sanity project); its exit code and
 * all it printed. `onOutput` sees the output so far each time the CLI prints.
 */
export function leadsCli(env: Record<string, string>, args: string[], onOutput?: (output: string) => void): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], {
    env: { ...process.env, SANITY_PROJECT_ID: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (text: string) => {
    output += text;
    onOutput?.(output);
  };
  child.stdout.setEncoding('utf8').on('data', append);
  child.stderr.setEncoding('utf8').on('data', append);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
