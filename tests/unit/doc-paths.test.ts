import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The documents a newcomer reads: the README and everything under docs/.
function documents(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(file);
      return entry.name.endsWith('.md') ? [file] : [];
    });
  return ['README.md', 'studio/README.md', ...walk('docs')];
}

// A repository path: one of the tracked top-level folders, then path characters. Built or
// generated folders (build/, data/, studio/dist/) are not named here, so they are not checked.
// A pattern (`tests/unit/home-*.test.ts`) is not a path; a `.env` is the operator's own file.
const REPOSITORY_PATH = /(?<![\w./@-])((?:web|tests|scripts|schemas|studio|content|docs|public|\.ci)\/[\w./+-]*[\w/])(?![\w./+-]*\*)/g;
const GENERATED = /^studio\/dist(\/|$)|\.env$/;

function namedPaths(text: string): string[] {
  return [...text.matchAll(REPOSITORY_PATH)].map((match) => match[1].replace(/\.$/, '')).filter((named) => !GENERATED.test(named));
}

describe('paths the documents name', () => {
  it.each(documents())('%s names only paths that exist', (document) => {
    const missing = [...new Set(namedPaths(readFileSync(document, 'utf8')))].filter((named) => !existsSync(named));
    expect(missing).toEqual([]);
  });

  it('finds the paths in prose, code, tables and links', () => {
    expect(namedPaths('see `web/server/app.ts`, [x](docs/security.md) and web/app/ or tests/unit/a.test.ts.')).toEqual([
      'web/server/app.ts',
      'docs/security.md',
      'web/app/',
      'tests/unit/a.test.ts',
    ]);
  });
});
