/**
 * A production install (`npm ci --omit=dev` next to a build made elsewhere) has everything the
 * server and the operator CLIs load, and nothing only the Studio or the dev scripts need: the
 * runtime `dependencies` are exactly the packages that server.js and the server build import, and
 * `npm run leads` / `npm run staff` run the bundled CLIs with plain node.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild } from '../../support/built-server';

const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const runtimePackages = new Set([...Object.keys(packageJson.dependencies), ...Object.keys(packageJson.optionalDependencies ?? {})]);

function javascriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Package names of the bare specifiers of a module's import statements, `import('x')` and `require('x')` calls
 * (createRequire's too). */
function importedPackages(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const statements = /^import\s(?:[^'";]*?\sfrom\s*)?["']([^"']+)["']|(?:\bimport|\brequire|createRequire\([^)]*\))\(\s*["']([^"']+)["']\s*\)/gm;
  return [...code.matchAll(statements)]
    .map((match) => match[1] ?? match[2])
    .filter((specifier) => !/^[./]/.test(specifier) && !specifier.startsWith('node:') && !builtinModules.includes(specifier.split('/')[0]))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

const dataDir = mkdtempSync(join(tmpdir(), 'production-install-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(command: string, args: string[], input = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { env: { ...process.env, DATA_DIR: dataDir, NODE_OPTIONS: '' }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('production install', () => {
  it('dependencies are exactly what server.js and the server build import', () => {
    ensureFreshBuild();
    const imported = new Set([...javascriptFiles('build/server'), 'server.js'].flatMap(importedPackages));
    // Loaded only by `node server.js --dev`, on a dev install.
    imported.delete('vite');
    expect(
      [...imported].filter((name) => !runtimePackages.has(name)),
      'imported but not a runtime dependency',
    ).toEqual([]);
    expect(
      [...runtimePackages].filter((name) => !imported.has(name)),
      'runtime dependency nothing imports',
    ).toEqual([]);
  });

  it('the operator CLIs run from the build with plain node', async () => {
    ensureFreshBuild();
    for (const name of ['leads', 'staff', 'db:migrate']) expect(packageJson.scripts[name], name).toMatch(/^node build\/server\/[\w-]+\.js$/);
    const admin = await run(process.execPath, ['build/server/staff.js', 'create'], 'a-long-enough-password\n');
    expect(admin.stderr).toBe('');
    expect(admin.stdout).toMatch(/^ADMIN_PASSWORD_HASH='scrypt\$/);
    const leads = await run(process.execPath, ['build/server/leads.js', 'export']);
    expect(leads.code, leads.stderr).toBe(0);
    expect(leads.stdout).toContain('"최근 등록일시(KST)"');
    // Without DATABASE_URL, the embedded database's sales tables (already migrated by the export's start).
    const migrated = await run(process.execPath, ['build/server/db-migrate.js']);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain("the embedded database's schema is up to date");
  }, 60_000);
});
