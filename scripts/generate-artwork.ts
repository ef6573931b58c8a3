/**
 * Generates the seed artwork: SVG scenes (written to content/images/svg/ for review) rendered to
 * small WebP files in content/images/. Everything is drawn in scripts/artwork/ from shapes and
 * gradients, so the images are plainly illustrative, need no fonts and can never infringe anyone's
 * photographs. A seeded random generator keeps the output identical from run to run.
 *
 * Run with `npm run artwork`; `npm run artwork -- hero plan-84A` redraws only the named pictures.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { ARTWORKS } from './artwork/catalogue';
import { renderWebp } from './artwork/render';

const IMAGES_DIR = fileURLToPath(new URL('../content/images/', import.meta.url));
const SVG_DIR = `${IMAGES_DIR}svg/`;

async function main(onlyNames: string[]) {
  await mkdir(SVG_DIR, { recursive: true });
  const selected = onlyNames.length === 0 ? ARTWORKS : ARTWORKS.filter(({ name }) => onlyNames.includes(name));
  for (const artwork of selected) {
    const svg = artwork.svg();
    await writeFile(`${SVG_DIR}${artwork.name}.svg`, svg);
    const { data, quality } = await renderWebp(svg, artwork.maxBytes);
    await writeFile(`${IMAGES_DIR}${artwork.name}.webp`, data);
    console.log(`${artwork.name}.webp ${artwork.width}×${artwork.height} ${(data.length / 1024).toFixed(1)} KB (quality ${quality})`);
  }
}

await main(process.argv.slice(2));
