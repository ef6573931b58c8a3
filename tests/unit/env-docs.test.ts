/**
 * .env.example and the table of docs/configuration.md list exactly the variables the
 * server's configuration reads, plus those of the Studio and the test tools: a variable added to
 * web/server/config.ts without documentation, or documented after it was removed, fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENVIRONMENT_VARIABLES } from '../../web/server/config';

/** Read outside the server, each by the file named. */
const OTHER_VARIABLES: Record<string, string> = {
  SANITY_STUDIO_PROJECT_ID: 'studio/env.ts',
  SANITY_STUDIO_DATASET: 'studio/env.ts',
  SANITY_STUDIO_PREVIEW_ORIGIN: 'studio/env.ts',
  SANITY_STUDIO_APP_ID: 'studio/env.ts',
  SANITY_STUDIO_HOSTNAME: 'studio/env.ts',
  CHROMIUM_PATH: 'tests/e2e/support/chromium.ts',
  E2E_PORT: 'playwright.config.ts',
  OUTAGE_SECONDS: 'tests/integration/built-server/database-outage.test.ts',
  DOCS_PICTURES: 'tests/e2e/support/checks.ts',
};

const expected = [...SERVER_ENVIRONMENT_VARIABLES, ...Object.keys(OTHER_VARIABLES)].sort();

function envExampleVariables(): string[] {
  const text = readFileSync('.env.example', 'utf8');
  return [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]).sort();
}

function documentedTableVariables(): string[] {
  const section = readFileSync('docs/configuration.md', 'utf8');
  const firstCells = [...section.matchAll(/^\| ([^|]*) \|/gm)].map((match) => match[1]);
  return firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1])).sort();
}

describe('environment documentation', () => {
  it('.env.example lists every variable once, and nothing else', () => {
    expect(envExampleVariables()).toEqual(expected);
  });

  it('the table of docs/configuration.md lists every variable once, and nothing else', () => {
    expect(documentedTableVariables()).toEqual(expected);
  });

  it.each(Object.entries(OTHER_VARIABLES))('%s is read by %s', (variable, file) => {
    expect(readFileSync(file, 'utf8')).toContain(variable);
  });
});
