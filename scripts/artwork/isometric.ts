/**
 * An isometric architectural model of the complex: eight towers with gold crowns on a landscaped
 * plate. Used where a picture should read as "the whole complex" (premium, design, brand cards).
 */
import { darken, lighten } from './colour';
import { PALETTE } from './palette';
import { between, createRandom, round, type Random } from './random';
import { polygon, radialGlow, svgDocument, twoStopGradient, type Point } from './svg';

const COS30 = Math.cos(Math.PI / 6);

type Projection = { originX: number; originY: number; scale: number };

function project({ originX, originY, scale }: Projection, x: number, y: number, z = 0): Point {
  return [originX + (x - y) * COS30 * scale, originY + (x + y) * 0.5 * scale - z * scale];
}

/** An axis-aligned box standing on `base` (0 = the ground). */
type Box = { x: number; y: number; width: number; depth: number; height: number; colour: string; base?: number };

/** The three faces a viewer south-east of the model sees: top, south (front-left) and east (front-right). */
function isoBox(view: Projection, { x, y, width, depth, height, colour, base = 0 }: Box): string {
  const at = (px: number, py: number, pz: number) => project(view, px, py, base + pz);
  const top = [at(x, y, height), at(x + width, y, height), at(x + width, y + depth, height), at(x, y + depth, height)];
  const south = [at(x, y + depth, 0), at(x + width, y + depth, 0), at(x + width, y + depth, height), at(x, y + depth, height)];
  const east = [at(x + width, y, 0), at(x + width, y + depth, 0), at(x + width, y + depth, height), at(x + width, y, height)];
  return [
    polygon(south, `fill="${darken(colour, 0.08)}"`),
    polygon(east, `fill="${darken(colour, 0.28)}"`),
    polygon(top, `fill="${lighten(colour, 0.18)}"`),
  ].join('');
}

/** A tower: a stone-coloured box with floor bands, lit windows and a gold crown. */
function isoTower(view: Projection, random: Random, x: number, y: number, floors: number): string {
  const width = 5;
  const depth = 2.4;
  const floorHeight = 0.42;
  const height = floors * floorHeight;
  const at = (px: number, py: number, pz: number) => project(view, px, py, pz);
  const bands: string[] = [];
  const windows: string[] = [];
  for (let floor = 1; floor < floors; floor += 1) {
    const z = floor * floorHeight;
    bands.push(
      `M${at(x, y + depth, z)
        .map(round)
        .join(' ')} L${at(x + width, y + depth, z)
        .map(round)
        .join(' ')} L${at(x + width, y, z)
        .map(round)
        .join(' ')}`,
    );
    for (let column = 0; column < 5; column += 1) {
      if (random() > 0.18) continue;
      const wx = x + column + 0.2;
      windows.push(polygon([at(wx, y + depth, z + 0.12), at(wx + 0.6, y + depth, z + 0.12), at(wx + 0.6, y + depth, z + 0.4), at(wx, y + depth, z + 0.4)], ''));
    }
  }
  return [
    isoBox(view, { x, y, width, depth, height, colour: '#d9d3c4' }),
    `<path d="${bands.join(' ')}" stroke="#8e8a80" stroke-width="0.8" fill="none" opacity="0.55"/>`,
    `<g fill="${PALETTE.windowLit}" opacity="0.85">${windows.join('')}</g>`,
    isoBox(view, { x: x - 0.1, y: y - 0.1, width: width + 0.2, depth: depth + 0.2, height: 0.5, colour: PALETTE.gold, base: height }),
  ].join('');
}

function isoTree(view: Projection, random: Random, x: number, y: number): string {
  const [cx, cy] = project(view, x, y);
  const size = view.scale * between(random, 0.55, 0.9);
  const shade = random() > 0.5 ? PALETTE.treeLight : '#3f7558';
  return `<ellipse cx="${round(cx + size * 0.3)}" cy="${round(cy + size * 0.15)}" rx="${round(size * 0.9)}" ry="${round(size * 0.4)}" fill="#0b1a33" opacity="0.25"/>
  <rect x="${round(cx - 1.5)}" y="${round(cy - size)}" width="3" height="${round(size)}" fill="#2a2a22"/>
  <circle cx="${round(cx)}" cy="${round(cy - size * 1.25)}" r="${round(size * 0.75)}" fill="${shade}"/>
  <circle cx="${round(cx - size * 0.2)}" cy="${round(cy - size * 1.4)}" r="${round(size * 0.38)}" fill="${lighten(shade, 0.2)}"/>`;
}

export type ComplexModelLayout = { width: number; height: number; seed: number; scale: number; centreX: number; centreY: number };

/** Tower positions on the 60 × 40 plate: two staggered rows of four, as on the site layout. */
const TOWER_SPOTS: Array<[number, number]> = [
  [8, 6],
  [20, 4],
  [32, 6],
  [44, 4],
  [6, 20],
  [18, 22],
  [30, 20],
  [42, 22],
];

export function complexModelScene({ width, height, seed, scale, centreX, centreY }: ComplexModelLayout): string {
  const random = createRandom(seed);
  const plate = { x: 60, y: 40 };
  const view: Projection = {
    originX: width * centreX - ((plate.x - plate.y) / 2) * COS30 * scale,
    originY: height * centreY - ((plate.x + plate.y) / 4) * scale,
    scale,
  };
  const at = (px: number, py: number, pz = 0) => project(view, px, py, pz);
  const defs = [twoStopGradient('modelSky', PALETTE.nightNavy, PALETTE.dusk), radialGlow('modelGlow', PALETTE.gold, 0.45)].join('');
  const base = isoBox(view, { x: -2, y: -2, width: plate.x + 4, depth: plate.y + 4, height: 1.2, colour: '#1d3a35' });
  const lawn = polygon([at(0, 0, 1.2), at(plate.x, 0, 1.2), at(plate.x, plate.y, 1.2), at(0, plate.y, 1.2)], `fill="${PALETTE.parkLight}"`);
  const lift = 1.2;
  const road = (points: Array<[number, number]>, stroke: number) =>
    `<polyline points="${points.map(([px, py]) => at(px, py, lift).map(round).join(',')).join(' ')}" fill="none" stroke="#e6dcc3" stroke-width="${stroke}" stroke-linejoin="round" opacity="0.85"/>`;
  const paths = [
    road(
      [
        [1, 15],
        [59, 13],
      ],
      scale * 0.9,
    ),
    road(
      [
        [3, 33],
        [57, 35],
      ],
      scale * 0.6,
    ),
    road(
      [
        [27, 1],
        [28, 39],
      ],
      scale * 0.6,
    ),
  ].join('');
  const plaza = polygon([at(24, 12, lift), at(32, 12, lift), at(32, 17, lift), at(24, 17, lift)], `fill="${PALETTE.paleGold}" opacity="0.7"`);
  const pond = `<ellipse cx="${round(at(48, 33)[0])}" cy="${round(at(48, 33, lift)[1])}" rx="${round(scale * 4)}" ry="${round(scale * 1.6)}" fill="#5e86b0" opacity="0.9"/>`;
  const items: Array<{ depth: number; svg: string }> = [];
  for (const [tx, ty] of TOWER_SPOTS) {
    const floors = 22 + Math.round(random() * 7);
    items.push({ depth: tx + ty + 3.7, svg: isoTower({ ...view, originY: view.originY - lift * scale }, random, tx, ty, floors) });
  }
  for (let index = 0; index < 70; index += 1) {
    const tx = between(random, 1, plate.x - 1);
    const ty = between(random, 1, plate.y - 1);
    const insideTower = TOWER_SPOTS.some(([sx, sy]) => tx > sx - 1 && tx < sx + 6 && ty > sy - 1 && ty < sy + 3.6);
    if (insideTower) continue;
    items.push({ depth: tx + ty, svg: isoTree({ ...view, originY: view.originY - lift * scale }, random, tx, ty) });
  }
  items.sort((a, b) => a.depth - b.depth);
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#modelSky)"/>`,
    `<circle cx="${round(width * centreX)}" cy="${round(height * centreY)}" r="${round(Math.max(width, height) * 0.45)}" fill="url(#modelGlow)"/>`,
    base,
    lawn,
    paths,
    plaza,
    pond,
    items.map((item) => item.svg).join('\n'),
  ].join('\n');
  return svgDocument(width, height, defs, body);
}
