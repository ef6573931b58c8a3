/**
 * The complex's own plans, seen from above: the landscaped site layout (eight towers around a
 * central garden) and the household layout (the same footprints split into colour-coded units).
 */
import { PALETTE } from './palette';
import { between, createRandom, round } from './random';
import { radialGlow, svgDocument } from './svg';

/** A tower footprint in site coordinates (1600 × 1100 canvas): centre, size and rotation. */
export type Footprint = { x: number; y: number; width: number; depth: number; angle: number; units: number };

/** Eight towers: a staggered south row of four and a north row of four, turned slightly to the sun. */
export const FOOTPRINTS: Footprint[] = [
  { x: 330, y: 300, width: 220, depth: 70, angle: -6, units: 4 },
  { x: 640, y: 260, width: 240, depth: 70, angle: 0, units: 4 },
  { x: 960, y: 260, width: 240, depth: 70, angle: 0, units: 4 },
  { x: 1270, y: 300, width: 220, depth: 70, angle: 6, units: 4 },
  { x: 300, y: 760, width: 170, depth: 70, angle: -4, units: 3 },
  { x: 580, y: 820, width: 220, depth: 70, angle: 0, units: 4 },
  { x: 1020, y: 820, width: 220, depth: 70, angle: 0, units: 4 },
  { x: 1300, y: 760, width: 170, depth: 70, angle: 4, units: 3 },
];

const WIDTH = 1600;
const HEIGHT = 1100;
const SITE_OUTLINE = 'M120 120 H1480 Q1520 120 1520 160 V960 Q1520 1000 1480 1000 H120 Q80 1000 80 960 V160 Q80 120 120 120 Z';

function transformOf({ x, y, angle }: Footprint): string {
  return `transform="translate(${x} ${y}) rotate(${angle})"`;
}

function landscapeBase(seed: number, treeCount: number): string {
  const random = createRandom(seed);
  const trees: string[] = [];
  for (let index = 0; index < treeCount; index += 1) {
    const x = between(random, 110, WIDTH - 110);
    const y = between(random, 150, HEIGHT - 130);
    const nearTower = FOOTPRINTS.some((tower) => Math.abs(x - tower.x) < tower.width / 2 + 30 && Math.abs(y - tower.y) < tower.depth / 2 + 40);
    const inPlaza = Math.hypot(x - 800, y - 540) < 150;
    if (nearTower || inPlaza) continue;
    const radius = between(random, 10, 22);
    trees.push(
      `<circle cx="${round(x + 4)}" cy="${round(y + 5)}" r="${round(radius)}" fill="#0b1a33" opacity="0.12"/><circle cx="${round(x)}" cy="${round(y)}" r="${round(radius)}" fill="${random() > 0.5 ? '#7fa67a' : '#5f8f62'}"/>`,
    );
  }
  return [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#e4dfd2"/>`,
    `<path d="${SITE_OUTLINE}" fill="none" stroke="#ffffff" stroke-width="60"/>`,
    `<path d="${SITE_OUTLINE}" fill="#b9d0a8"/>`,
    // The pedestrian loop and the two axes through the central garden.
    `<ellipse cx="800" cy="540" rx="560" ry="330" fill="none" stroke="#efe6cf" stroke-width="26"/>`,
    `<path d="M800 130 V990 M150 540 H1450" stroke="#efe6cf" stroke-width="20"/>`,
    `<circle cx="800" cy="540" r="130" fill="#efe6cf"/>`,
    `<circle cx="800" cy="540" r="80" fill="#8fb3d4" stroke="${PALETTE.gold}" stroke-width="6"/>`,
    `<circle cx="800" cy="540" r="30" fill="#c4daec"/>`,
    trees.join(''),
  ].join('\n');
}

export function siteLayoutScene(seed: number): string {
  const random = createRandom(seed + 1);
  const defs = [
    `<filter id="towerShadow" x="-20%" y="-40%" width="150%" height="200%"><feDropShadow dx="14" dy="16" stdDeviation="8" flood-color="#0b1a33" flood-opacity="0.35"/></filter>`,
    radialGlow('plazaGlow', PALETTE.paleGold, 0.6),
  ].join('');
  const towers = FOOTPRINTS.map((tower) => {
    const { width, depth } = tower;
    return `<g ${transformOf(tower)}><rect x="${-width / 2}" y="${-depth / 2}" width="${width}" height="${depth}" rx="10" fill="${PALETTE.navy}" filter="url(#towerShadow)"/>
    <rect x="${-width / 2 + 8}" y="${-depth / 2 + 8}" width="${width - 16}" height="${depth - 16}" rx="6" fill="none" stroke="${PALETTE.gold}" stroke-width="3"/>
    <rect x="-18" y="${-depth / 2 + 18}" width="36" height="${depth - 36}" rx="4" fill="${PALETTE.gold}" opacity="0.8"/></g>`;
  }).join('\n');
  const playgrounds = [
    [470, 560],
    [1130, 560],
    [800, 930],
  ]
    .map(
      ([x = 0, y = 0]) =>
        `<circle cx="${x}" cy="${y}" r="48" fill="#e9c98a"/><circle cx="${x}" cy="${y}" r="26" fill="none" stroke="#d27c5c" stroke-width="6"/><circle cx="${x - 16}" cy="${y - 12}" r="6" fill="#5e86b0"/>`,
    )
    .join('');
  const community = `<rect x="700" y="380" width="200" height="70" rx="14" fill="#f4efe3" stroke="${PALETTE.navy}" stroke-width="4" filter="url(#towerShadow)"/>`;
  const gates = [
    [800, 1000],
    [80, 540],
    [1520, 540],
  ]
    .map(([x = 0, y = 0]) => `<circle cx="${x}" cy="${y}" r="22" fill="${PALETTE.gold}"/><circle cx="${x}" cy="${y}" r="10" fill="#ffffff"/>`)
    .join('');
  const ramp = `<rect x="1380" y="930" width="90" height="40" rx="6" fill="#6b7380"/><path d="M1390 950 h70" stroke="#ffffff" stroke-width="4" stroke-dasharray="10 8"/>`;
  const lamps = Array.from({ length: 20 }, (_, index) => {
    const angle = (index / 20) * Math.PI * 2 + between(random, -0.02, 0.02);
    return `<circle cx="${round(800 + Math.cos(angle) * 560)}" cy="${round(540 + Math.sin(angle) * 330)}" r="5" fill="${PALETTE.gold}"/>`;
  }).join('');
  const body = [landscapeBase(seed, 320), playgrounds, lamps, community, towers, gates, ramp].join('\n');
  return svgDocument(WIDTH, HEIGHT, defs, body);
}

/** Unit-type colours for the household layout: small units cool, large units warm. */
export const UNIT_TYPE_COLOURS = ['#8fb3d4', '#6d90bf', '#e0c27e', '#cfa55a', '#9bbf95', '#6f9b6c'];

export function householdLayoutScene(seed: number): string {
  const random = createRandom(seed);
  const towers = FOOTPRINTS.map((tower, towerIndex) => {
    const { width, units } = tower;
    const depth = tower.depth + 30;
    const unitWidth = width / units;
    const unitBlocks = Array.from({ length: units }, (_, unit) => {
      const typeIndex = (towerIndex < 4 ? [0, 2, 3, 1] : [4, 5, 2])[unit % (towerIndex < 4 ? 4 : 3)] ?? Math.floor(random() * 6);
      const colour = UNIT_TYPE_COLOURS[typeIndex] ?? UNIT_TYPE_COLOURS[0];
      const x = -width / 2 + unit * unitWidth;
      return `<rect x="${round(x + 3)}" y="${-depth / 2 + 3}" width="${round(unitWidth - 6)}" height="${depth - 6}" rx="6" fill="${colour}"/>
      <rect x="${round(x + 12)}" y="${-depth / 2 + 10}" width="${round(unitWidth - 24)}" height="8" rx="3" fill="#ffffff" opacity="0.7"/>`;
    }).join('');
    const cores = Array.from({ length: Math.floor(units / 2) }, (_, index) => {
      const x = -width / 2 + unitWidth * (index * 2 + 1);
      return `<rect x="${round(x - 12)}" y="${depth / 2 - 30}" width="24" height="30" rx="3" fill="${PALETTE.navy}"/>`;
    }).join('');
    return `<g ${transformOf(tower)}><rect x="${-width / 2 - 6}" y="${-depth / 2 - 6}" width="${width + 12}" height="${depth + 12}" rx="12" fill="#ffffff" stroke="${PALETTE.navy}" stroke-width="4"/>${unitBlocks}${cores}</g>`;
  }).join('\n');
  const legend = UNIT_TYPE_COLOURS.map(
    (colour, index) => `<rect x="${1180 + index * 48}" y="1030" width="36" height="36" rx="6" fill="${colour}" stroke="#ffffff" stroke-width="3"/>`,
  ).join('');
  const body = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#eeeae0"/>`,
    `<path d="${SITE_OUTLINE}" fill="#f7f4ec" stroke="${PALETTE.gold}" stroke-width="4" stroke-dasharray="18 12"/>`,
    `<ellipse cx="800" cy="540" rx="560" ry="330" fill="none" stroke="#e4ddca" stroke-width="22"/>`,
    `<circle cx="800" cy="540" r="110" fill="#dfe8d6"/>`,
    towers,
    `<rect x="1160" y="1016" width="306" height="64" rx="14" fill="#ffffff" stroke="#e0d9c8" stroke-width="2"/>`,
    legend,
  ].join('\n');
  return svgDocument(WIDTH, HEIGHT, '', body);
}
