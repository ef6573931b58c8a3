/**
 * The embedded image endpoint serves only the widths, aspect ratios and qualities listed in
 * web/sanity/image.ts (anything else snaps to them): every size the components ask for must be on
 * those lists, or their images would come back at another size.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_ASPECT_RATIOS, IMAGE_WIDTHS } from '../../web/sanity/image';

const APP_DIR = join(import.meta.dirname, '../../web/app');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('image sizes the components ask for', () => {
  const code = sources(APP_DIR).join('\n');

  it('every srcset width is on the list', () => {
    const widths = [...code.matchAll(/widths=\{\[([\d,\s]+)\]\}/g)].flatMap((match) => match[1].split(',').map(Number));
    expect(widths.length).toBeGreaterThan(10);
    for (const width of widths) expect(IMAGE_WIDTHS, String(width)).toContain(width);
  });

  it('every crop ratio, and the share image, is on the list', () => {
    const ratios = [...code.matchAll(/aspectRatio=\{(\d+) \/ (\d+)\}/g)].map((match) => Number(match[1]) / Number(match[2]));
    const share = [...code.matchAll(/\.width\((\d+)\)\s*\.height\((\d+)\)/g)].map((match) => Number(match[1]) / Number(match[2]));
    expect(ratios.length).toBeGreaterThan(0);
    expect(share.length).toBeGreaterThan(0);
    for (const ratio of [...ratios, ...share]) expect(IMAGE_ASPECT_RATIOS, String(ratio)).toContain(ratio);
    for (const match of code.matchAll(/\.width\((\d+)\)/g)) expect(IMAGE_WIDTHS).toContain(Number(match[1]));
  });
});
