/**
 * The artwork file names are a contract with the pages that use them: every picture must exist
 * as a WebP of the agreed size and stay small enough for phones on a mobile network; the sales
 * notice the announcement page opens must be a real, small PDF.
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const IMAGES_DIR = fileURLToPath(new URL('../../content/images/', import.meta.url));
const ANNOUNCEMENT_PDF = fileURLToPath(new URL('../../public/announcement.pdf', import.meta.url));
const MAX_IMAGE_BYTES = 200 * 1024;
const MAX_PDF_BYTES = 300 * 1024;

const sized = (names: string[], width: number, height: number) => names.map((name) => ({ name, width, height }));

const CONTRACT = [
  // Shared links: Kakao crops the centre 800×400, where the generator draws the towers.
  ...sized(['og-image'], 1200, 630),
  ...sized(['hero'], 1920, 1080),
  ...sized(['page-banner'], 1920, 480),
  ...sized(['site-overview'], 1600, 1000),
  ...sized(['brand-intro', 'premium', 'community', 'complex-design', 'emodel-59A'], 1600, 900),
  ...sized(['location-map', 'location-transit'], 1600, 1000),
  ...sized(
    ['redevelopment', 'medical', 'transit', 'living', 'large-complex', 'nature'].map((card) => `location-card-${card}`),
    800,
    600,
  ),
  ...sized(
    [1, 2, 3, 4, 5, 6].map((slide) => `premium-slide-${slide}`),
    1200,
    800,
  ),
  ...sized(
    [1, 2, 3, 4].map((card) => `premium-card-${card}`),
    800,
    600,
  ),
  ...sized(['site-layout', 'household-layout'], 1600, 1100),
  ...sized(
    ['40', '59A', '59B', '84A', '84B', '114A', '114B'].map((code) => `plan-${code}`),
    1200,
    900,
  ),
  ...sized(
    ['59A', '84A', '84B'].flatMap((code) => [1, 2].map((view) => `interior-${code}-${view}`)),
    1600,
    1000,
  ),
];

describe('seed artwork', () => {
  it.each(CONTRACT)('$name.webp is a $width×$height WebP under 200 KB', async ({ name, width, height }) => {
    const file = `${IMAGES_DIR}${name}.webp`;
    expect(statSync(file).size).toBeLessThan(MAX_IMAGE_BYTES);
    const metadata = await sharp(readFileSync(file)).metadata();
    expect(metadata.format).toBe('webp');
    expect([metadata.width, metadata.height]).toEqual([width, height]);
  });
});

describe('announcement PDF', () => {
  it('is a PDF under 300 KB', () => {
    const pdf = readFileSync(ANNOUNCEMENT_PDF);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(MAX_PDF_BYTES);
  });

  it('is tagged for screen readers: Korean, a structure tree with headings, tables with header cells, a list', () => {
    const pdf = readFileSync(ANNOUNCEMENT_PDF).toString('latin1');
    expect(pdf).toContain('/Marked true');
    expect(pdf).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(pdf).toContain('/Lang (ko-KR)');
    expect(pdf).toContain('/DisplayDocTitle true');
    const structureTypes = new Set([...pdf.matchAll(/\/S \/(\w+)/g)].map(([, type]) => type));
    for (const type of ['Document', 'H1', 'H2', 'P', 'Table', 'TR', 'TH', 'TD', 'L', 'LI']) expect(structureTypes, type).toContain(type);
  });
});
