import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { staffRefusalMessages } from '../../web/shared/staff-refusals';
import { leadMessages, messages, shellLabels } from '../../web/shared/messages';

// A message nobody shows is copy that drifts unseen: every key must be read somewhere in the code,
// the scripts or the tests, by name (`messages.key`) or as the code a service returns (`'key'`,
// looked up at the HTTP edge). The field errors are looked up by their field's code, so they are
// left out.
const SOURCE_FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'web', 'scripts', 'tests', 'server.js'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !['web/shared/messages.ts', 'web/shared/staff-refusals.ts'].includes(file));
const SOURCE = SOURCE_FILES.map((file) => readFileSync(file, 'utf8')).join('\n');

function keysOf(table: object, prefix: string, skip: string[] = []): string[] {
  return Object.entries(table).flatMap(([key, value]) => {
    if (skip.includes(key)) return [];
    if (typeof value === 'object') return keysOf(value as object, `${prefix}.${key}`);
    return [`${prefix}.${key}`];
  });
}

const KEYS = [
  ...keysOf(messages, 'messages'),
  ...keysOf(leadMessages, 'leadMessages', ['errors']),
  ...keysOf(shellLabels, 'shellLabels'),
  ...keysOf(staffRefusalMessages, 'staffRefusalMessages'),
];

describe('interface messages', () => {
  it.each(KEYS)('%s is used', (path) => {
    const key = path.slice(path.lastIndexOf('.') + 1);
    expect(SOURCE).toMatch(new RegExp(`\\.${key}\\b|['"]${key}['"]`));
  });
});
