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

// Each topic document in docs/ (decisions are records, not descriptions) names, on the line after its
// title, the code it describes: `Owner: \`web/server/leads/\`, \`web/app/routes/leads/\``. A change
// to that code is reviewed against the document.
const OWNER_LINE = /^Owner: (`[^`]+`(?:, `[^`]+`)*)$/;

function topicDocuments(): string[] {
  return readdirSync('docs', { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join('docs', entry.name));
}

/** The owner paths of a document, or undefined when the line after the title is not an owner line. */
function ownerPaths(text: string): string[] | undefined {
  const [title, blank, owners] = text.split('\n');
  if (!title.startsWith('# ') || blank !== '') return undefined;
  const line = OWNER_LINE.exec(owners ?? '');
  return line ? [...line[1].matchAll(/`([^`]+)`/g)].map((match) => match[1]) : undefined;
}

describe('owners of the documents', () => {
  it.each(topicDocuments())('%s names its owner code after the title, and every owner exists', (document) => {
    const owners = ownerPaths(readFileSync(document, 'utf8'));
    expect(owners, 'a line `Owner: `path`, `path`` after the title and a blank line').toBeDefined();
    expect(owners!.length).toBeGreaterThan(0);
    expect(owners!.filter((owner) => !existsSync(owner))).toEqual([]);
  });

  it('reads the owner line and nothing else', () => {
    expect(ownerPaths('# T\n\nOwner: `web/server/app.ts`, `web/app/`\n\nText.')).toEqual(['web/server/app.ts', 'web/app/']);
    expect(ownerPaths('# T\n\nOwner: web/server/app.ts\n')).toBeUndefined();
    expect(ownerPaths('# T\n\nOwner: \n')).toBeUndefined();
    expect(ownerPaths('# T\n\nText.\n\nOwner: `web/app/`\n')).toBeUndefined();
  });
});

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
