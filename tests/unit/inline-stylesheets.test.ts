import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtStylesheets, inlineStylesheets } from '../../web/server/pages/inline-stylesheets';

const client = mkdtempSync(join(tmpdir(), 'inline-stylesheets-'));
mkdirSync(join(client, 'assets'));
writeFileSync(join(client, 'assets', 'root-abc.css'), 'body{margin:0}');
writeFileSync(join(client, 'assets', 'closing-abc.css'), 'a::after{content:"</style><script>x()</script>"}');
writeFileSync(join(client, 'secret.css'), 'not an asset');
const stylesheets = builtStylesheets(client, '/');

describe('builtStylesheets', () => {
  it('reads our own built stylesheets and nothing else', () => {
    expect(stylesheets('/assets/root-abc.css')).toBe('body{margin:0}');
    expect(stylesheets('/secret.css')).toBeUndefined();
    expect(stylesheets('/assets/../secret.css')).toBeUndefined();
    expect(stylesheets('https://cdn.example/assets/root-abc.css')).toBeUndefined();
    expect(stylesheets('/assets/missing.css')).toBeUndefined();
  });

  it('leaves a stylesheet whose text would close the element as a link', () => {
    expect(stylesheets('/assets/closing-abc.css')).toBeUndefined();
  });
});

describe('inlineStylesheets', () => {
  it('replaces each link it inlines by the text, in the head only, so that the document names no stylesheet file', () => {
    const html =
      '<html><head><link rel="stylesheet" href="/assets/root-abc.css"/><link rel="stylesheet" href="/assets/closing-abc.css"/></head>' +
      '<body><link rel="stylesheet" href="/assets/root-abc.css"/></body></html>';
    expect(inlineStylesheets(html, stylesheets)).toBe(
      '<html><head><style data-inlined="/assets/root-abc.css">body{margin:0}</style>' +
        '<link rel="stylesheet" href="/assets/closing-abc.css"/></head>' +
        '<body><link rel="stylesheet" href="/assets/root-abc.css"/></body></html>',
    );
  });
});
