/**
 * Subsets Pretendard (the `pretendard` npm package, SIL OFL) into the self-hosted web fonts of
 * the site: two faces per weight (400 and 700), split by unicode-range so that most pages need
 * only the small one.
 *
 * - `core`: every character the site's own text uses (the seed dataset, the app's source) plus
 *   printable ASCII. Preloaded by the root route.
 * - `rest`: the other KS X 1001 Hangul syllables and Korean symbols, for text editors add later
 *   in the Studio. Its unicode-range leaves out the core's characters, so a browser downloads it
 *   only for a page that shows one of them.
 *
 * Writes web/app/fonts/*.woff2 and web/app/styles/fonts.css (imported by global.css). Run with
 * `npm run fonts` after the seed or the interface text changes much.
 */
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import subsetFont from 'subset-font';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FONTS_DIR = path.join(ROOT, 'web/app/fonts');
const CSS_FILE = path.join(ROOT, 'web/app/styles/fonts.css');
const require = createRequire(import.meta.url);
const PRETENDARD_DIR = path.join(path.dirname(require.resolve('pretendard/package.json')), 'dist/web/static/woff2');

const WEIGHTS = [
  { weight: 400, source: 'Pretendard-Regular.woff2' },
  { weight: 700, source: 'Pretendard-Bold.woff2' },
] as const;

/** Where the site's own text lives: the seed dataset and the app's source (messages, labels). */
const TEXT_SOURCES = [path.join(ROOT, 'content/production.ndjson'), path.join(ROOT, 'web/app')];

const HANGUL_SYLLABLES = { first: 0xac00, last: 0xd7a3 };

/** The 2,350 Hangul syllables of KS X 1001 (EUC-KR rows 0xB0–0xC8), the set Korean fonts cover. */
function ksX1001Syllables(): number[] {
  const decoder = new TextDecoder('euc-kr');
  const syllables: number[] = [];
  for (let lead = 0xb0; lead <= 0xc8; lead++) {
    for (let trail = 0xa1; trail <= 0xfe; trail++) {
      const char = decoder.decode(Uint8Array.from([lead, trail]));
      const codePoint = char.codePointAt(0)!;
      if (codePoint >= HANGUL_SYLLABLES.first && codePoint <= HANGUL_SYLLABLES.last) syllables.push(codePoint);
    }
  }
  return syllables;
}

function rangeOf(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** Symbols that Korean copy uses beside Hangul: Latin-1, punctuation, arrows, ㎡, compatibility jamo. */
const SYMBOLS = [
  ...rangeOf(0xa0, 0xff),
  ...rangeOf(0x2010, 0x2027),
  ...rangeOf(0x2030, 0x203b),
  ...rangeOf(0x2190, 0x2193),
  0x20a9,
  0x2116,
  0x2122,
  ...rangeOf(0x2460, 0x2473),
  ...rangeOf(0x25a0, 0x25cf),
  ...rangeOf(0x3000, 0x3011),
  ...rangeOf(0x3131, 0x318e),
  0x33a1,
];
const PRINTABLE_ASCII = rangeOf(0x20, 0x7e);

async function filesUnder(target: string): Promise<string[]> {
  if (!(await readdir(target).catch(() => null))) return [target];
  const entries = await readdir(target, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && /\.(tsx?|ndjson)$/.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
}

async function siteCodePoints(fontable: Set<number>): Promise<Set<number>> {
  const codePoints = new Set<number>(PRINTABLE_ASCII);
  for (const source of TEXT_SOURCES) {
    for (const file of await filesUnder(source)) {
      for (const char of await readFile(file, 'utf8')) {
        const codePoint = char.codePointAt(0)!;
        if (fontable.has(codePoint)) codePoints.add(codePoint);
      }
    }
  }
  return codePoints;
}

/** `U+AC00-AC03, U+AC07` for a set of code points. */
function unicodeRange(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let index = 0; index < sorted.length;) {
    const first = sorted[index];
    let last = first;
    while (sorted[index + 1] === last + 1) last = sorted[++index];
    index++;
    const hex = (value: number) => value.toString(16).toUpperCase();
    ranges.push(first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`);
  }
  return ranges.join(', ');
}

function fontFace(file: string, weight: number, range: string): string {
  return [
    '@font-face {',
    "  font-family: 'Pretendard';",
    '  font-style: normal;',
    `  font-weight: ${weight};`,
    '  font-display: optional;',
    `  src: url('../fonts/${file}') format('woff2');`,
    `  unicode-range: ${range};`,
    '}',
  ].join('\n');
}

async function main() {
  const syllables = ksX1001Syllables();
  const fontable = new Set([...PRINTABLE_ASCII, ...SYMBOLS, ...syllables]);
  const core = await siteCodePoints(fontable);
  // The rest face claims the whole syllable block (not only KS X 1001) minus the core, so a
  // syllable missing from both falls through to the system font without a second download.
  const restRange = [...SYMBOLS, ...rangeOf(HANGUL_SYLLABLES.first, HANGUL_SYLLABLES.last)].filter((cp) => !core.has(cp));
  const restGlyphs = [...SYMBOLS, ...syllables].filter((cp) => !core.has(cp));

  await mkdir(FONTS_DIR, { recursive: true });
  const faces: string[] = [];
  const sizes: string[] = [];
  for (const { weight, source } of WEIGHTS) {
    const font = await readFile(path.join(PRETENDARD_DIR, source));
    for (const [slice, glyphs, range] of [
      ['core', [...core], [...core]],
      ['rest', restGlyphs, restRange],
    ] as const) {
      const file = `pretendard-${slice}-${weight}.woff2`;
      const subset = await subsetFont(font, String.fromCodePoint(...glyphs), { targetFormat: 'woff2' });
      await writeFile(path.join(FONTS_DIR, file), subset);
      faces.push(fontFace(file, weight, unicodeRange(range)));
      sizes.push(`${file}: ${(subset.length / 1024).toFixed(1)} KB (${glyphs.length} characters)`);
    }
  }

  const header = [
    '/* Generated by scripts/build-fonts.ts (`npm run fonts`): do not edit by hand.',
    ' * Pretendard, SIL Open Font License 1.1 (https://github.com/orioncactus/pretendard). */',
  ].join('\n');
  await writeFile(CSS_FILE, `${header}\n\n${faces.join('\n\n')}\n`);
  console.log(sizes.join('\n'));
}

await main();
