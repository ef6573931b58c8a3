/**
 * Generates the seed artwork: SVG scenes (written to content/images/svg/ for review) rendered to
 * small WebP files in content/images/. Everything is drawn here from shapes and gradients, so the
 * images are plainly illustrative, need no fonts and can never infringe anyone's photographs.
 * A seeded random generator keeps the output identical from run to run.
 *
 * Run with `npm run artwork`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const IMAGES_DIR = fileURLToPath(new URL('../content/images/', import.meta.url));
const SVG_DIR = `${IMAGES_DIR}svg/`;

const PALETTE = {
  nightNavy: '#0b1a33',
  navy: '#16294a',
  dusk: '#2c4672',
  haze: '#6d7fa3',
  gold: '#d6b46a',
  paleGold: '#f3dfa8',
  windowLit: '#f6d98f',
  windowDark: '#20365c',
  park: '#1e3b3b',
  parkLight: '#2c5450',
  treeDark: '#173230',
  treeMid: '#24463f',
  treeLight: '#34604f',
  river: '#13284a',
};

type Random = () => number;

/** mulberry32: tiny, fast and deterministic for a given seed. */
function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function between(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

const round = (value: number) => Math.round(value * 10) / 10;

function svgDocument(width: number, height: number, defs: string, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs>${defs}</defs>`,
    body,
    '</svg>',
  ].join('\n');
}

type SkylineLayout = {
  width: number;
  height: number;
  /** Horizontal centre of the tower cluster, as a fraction of the width. */
  clusterCentre: number;
  /** Tower size relative to the picture height. */
  towerScale: number;
  /** Vertical position of the tower bases, as a fraction of the height. */
  groundLine: number;
  seed: number;
};

function skyDefs(height: number, groundY: number): string {
  return `
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${PALETTE.nightNavy}"/>
    <stop offset="0.55" stop-color="${PALETTE.navy}"/>
    <stop offset="0.85" stop-color="${PALETTE.dusk}"/>
    <stop offset="1" stop-color="#8a7a68"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${PALETTE.paleGold}" stop-opacity="0.85"/>
    <stop offset="0.35" stop-color="${PALETTE.gold}" stop-opacity="0.35"/>
    <stop offset="1" stop-color="${PALETTE.gold}" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="towerFront" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#34527f"/>
    <stop offset="1" stop-color="#182c4d"/>
  </linearGradient>
  <linearGradient id="towerSide" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#223b62"/>
    <stop offset="1" stop-color="#0f1f3a"/>
  </linearGradient>
  <linearGradient id="river" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#24406b"/>
    <stop offset="1" stop-color="${PALETTE.river}"/>
  </linearGradient>
  <linearGradient id="park" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${PALETTE.parkLight}"/>
    <stop offset="1" stop-color="${PALETTE.park}"/>
  </linearGradient>
  <linearGradient id="vignette" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${PALETTE.nightNavy}" stop-opacity="0.55"/>
    <stop offset="0.45" stop-color="${PALETTE.nightNavy}" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="groundFade" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${PALETTE.nightNavy}" stop-opacity="0"/>
    <stop offset="${round(groundY / height)}" stop-color="${PALETTE.nightNavy}" stop-opacity="0"/>
    <stop offset="1" stop-color="${PALETTE.nightNavy}" stop-opacity="0.35"/>
  </linearGradient>`;
}

function stars(random: Random, width: number, maxY: number, count: number): string {
  return Array.from({ length: count }, () => {
    const radius = between(random, 0.6, 1.6);
    const opacity = between(random, 0.25, 0.7);
    return `<circle cx="${round(between(random, 0, width))}" cy="${round(between(random, 0, maxY))}" r="${round(radius)}" fill="#ffffff" opacity="${round(opacity)}"/>`;
  }).join('');
}

/** A low ridge line of hills or distant city, drawn as one filled path. */
function ridge(random: Random, width: number, baseY: number, amplitude: number, fill: string, steps = 9): string {
  const stepWidth = width / steps;
  let path = `M0 ${round(baseY)}`;
  for (let step = 0; step < steps; step += 1) {
    const x = stepWidth * (step + 0.5);
    const peak = baseY - between(random, 0.3, 1) * amplitude;
    path += ` Q${round(x)} ${round(peak)} ${round(stepWidth * (step + 1))} ${round(baseY - between(random, 0, 0.3) * amplitude)}`;
  }
  return `<path d="${path} L${width} ${round(baseY + amplitude * 2)} L0 ${round(baseY + amplitude * 2)} Z" fill="${fill}"/>`;
}

function distantCity(random: Random, width: number, baseY: number, maxHeight: number): string {
  const blocks: string[] = [];
  for (let x = 0; x < width; ) {
    const blockWidth = between(random, 18, 46);
    const blockHeight = between(random, 0.2, 1) * maxHeight;
    blocks.push(
      `<rect x="${round(x)}" y="${round(baseY - blockHeight)}" width="${round(blockWidth)}" height="${round(blockHeight)}"/>`,
    );
    x += blockWidth + between(random, 2, 10);
  }
  return `<g fill="#263f66" opacity="0.8">${blocks.join('')}</g>`;
}

type Tower = { x: number; baseY: number; width: number; height: number; floors: number; depth: number };

function tower(random: Random, { x, baseY, width, height, floors, depth }: Tower, haze: number): string {
  const top = baseY - height;
  const sideWidth = width * 0.34;
  const sideRise = width * 0.16;
  const floorHeight = height / floors;
  const columns = 4;
  const windowWidth = (width / columns) * 0.55;
  const windowHeight = floorHeight * 0.5;
  const litWindows: string[] = [];
  for (let floor = 1; floor < floors; floor += 1) {
    for (let column = 0; column < columns; column += 1) {
      if (random() > 0.24) continue;
      const windowX = x + (width / columns) * (column + 0.22);
      const windowY = top + floor * floorHeight + floorHeight * 0.25;
      litWindows.push(
        `<rect x="${round(windowX)}" y="${round(windowY)}" width="${round(windowWidth)}" height="${round(windowHeight)}"/>`,
      );
    }
  }
  const floorLines = Array.from({ length: floors - 1 }, (_, index) => {
    const y = round(top + (index + 1) * floorHeight);
    return `M${round(x)} ${y}h${round(width)}`;
  }).join('');
  return `<g opacity="${round(1 - haze)}">
  <path d="M${round(x + width)} ${round(top)} l${round(sideWidth)} ${round(-sideRise)} V${round(baseY - sideRise)} l${round(-sideWidth)} ${round(sideRise)} Z" fill="url(#towerSide)"/>
  <rect x="${round(x)}" y="${round(top)}" width="${round(width)}" height="${round(height)}" fill="url(#towerFront)"/>
  <path d="${floorLines}" stroke="${PALETTE.windowDark}" stroke-width="1" opacity="0.7"/>
  <g fill="${PALETTE.windowLit}" opacity="0.9">${litWindows.join('')}</g>
  <path d="M${round(x)} ${round(top)} h${round(width)} l${round(sideWidth)} ${round(-sideRise)} h${round(-width)} Z" fill="${PALETTE.gold}" opacity="0.9"/>
  <rect x="${round(x + width * 0.3)}" y="${round(top - depth * 0.6)}" width="${round(width * 0.4)}" height="${round(depth * 0.6)}" fill="#2a4570"/>
</g>`;
}

/** Eight towers in two rows, matching the complex's eight buildings. */
function towerCluster(random: Random, layout: SkylineLayout): string {
  const { width, height, clusterCentre, towerScale, groundLine } = layout;
  const groundY = height * groundLine;
  const towerWidth = height * 0.065 * towerScale;
  const spacing = towerWidth * 1.65;
  const rows = [
    { count: 4, offset: -spacing * 0.5, baseY: groundY - height * 0.03, heightFactor: 0.8, haze: 0.28 },
    { count: 4, offset: 0, baseY: groundY, heightFactor: 1, haze: 0 },
  ];
  return rows
    .map((row) => {
      const rowWidth = spacing * (row.count - 1);
      const startX = width * clusterCentre - rowWidth / 2 + row.offset;
      return Array.from({ length: row.count }, (_, index) => {
        const floors = 22 + Math.round(random() * 7);
        const towerHeight = height * 0.43 * towerScale * row.heightFactor * (floors / 29);
        return tower(
          random,
          {
            x: startX + index * spacing - towerWidth / 2,
            baseY: row.baseY,
            width: towerWidth * row.heightFactor,
            height: towerHeight,
            floors,
            depth: towerWidth * 0.3,
          },
          row.haze,
        );
      }).join('\n');
    })
    .join('\n');
}

/** An elevated rail line with a lit train: the planned rail links and the double-station access. */
function railLine(width: number, y: number, trainX: number, trainLength: number): string {
  const pillars = Array.from({ length: Math.ceil(width / 120) }, (_, index) =>
    `<rect x="${index * 120 + 40}" y="${round(y)}" width="6" height="${round(y * 0.03 + 14)}"/>`,
  ).join('');
  const carWidth = trainLength / 4;
  const cars = Array.from({ length: 4 }, (_, index) => {
    const carX = trainX + index * (carWidth + 4);
    return `<rect x="${round(carX)}" y="${round(y - 15)}" width="${round(carWidth)}" height="13" rx="4" fill="#d9dee8"/>
    <rect x="${round(carX + 5)}" y="${round(y - 12)}" width="${round(carWidth - 10)}" height="4" rx="1" fill="${PALETTE.windowLit}"/>`;
  }).join('');
  return `<g fill="#101f3a">${pillars}</g>
  <rect x="0" y="${round(y)}" width="${width}" height="5" fill="#0f1d36"/>
  <rect x="0" y="${round(y - 1)}" width="${width}" height="1.5" fill="${PALETTE.gold}" opacity="0.6"/>
  ${cars}`;
}

function tree(random: Random, x: number, groundY: number, size: number): string {
  const colours = [PALETTE.treeDark, PALETTE.treeMid, PALETTE.treeLight];
  const crowns = Array.from({ length: 3 }, (_, index) => {
    const colour = colours[index] ?? PALETTE.treeMid;
    const dx = between(random, -0.35, 0.35) * size;
    const dy = -size * (0.9 + index * 0.25);
    return `<ellipse cx="${round(x + dx)}" cy="${round(groundY + dy)}" rx="${round(size * (0.75 - index * 0.12))}" ry="${round(size * (0.7 - index * 0.1))}" fill="${colour}"/>`;
  }).join('');
  return `<rect x="${round(x - size * 0.06)}" y="${round(groundY - size * 0.7)}" width="${round(size * 0.12)}" height="${round(size * 0.7)}" fill="#122624"/>${crowns}`;
}

function park(random: Random, width: number, topY: number, bottomY: number): string {
  const hill = `<path d="M0 ${round(topY + 18)} C${round(width * 0.25)} ${round(topY - 14)} ${round(width * 0.55)} ${round(topY + 30)} ${width} ${round(topY)} V${round(bottomY)} H0 Z" fill="url(#park)"/>`;
  const trees: string[] = [];
  for (let x = 10; x < width; x += between(random, 28, 70)) {
    trees.push(tree(random, x, topY + between(random, 18, 40), between(random, 16, 30)));
  }
  const lamps = Array.from({ length: Math.floor(width / 160) }, (_, index) =>
    `<circle cx="${index * 160 + 80}" cy="${round(topY + 44)}" r="2.2" fill="${PALETTE.paleGold}" opacity="0.9"/>`,
  ).join('');
  const path = `<path d="M0 ${round(topY + 48)} C${round(width * 0.3)} ${round(topY + 40)} ${round(width * 0.6)} ${round(topY + 56)} ${width} ${round(topY + 46)}" stroke="${PALETTE.gold}" stroke-opacity="0.45" stroke-width="2" fill="none"/>`;
  return hill + trees.join('') + path + lamps;
}

/** Gold streaks under the towers: their lit windows reflected in the river. */
function reflections(random: Random, centreX: number, spread: number, topY: number, bottomY: number): string {
  const streaks = Array.from({ length: 26 }, () => {
    const x = centreX + between(random, -0.5, 0.5) * spread;
    const y = between(random, topY + 4, bottomY - 8);
    return `<rect x="${round(x)}" y="${round(y)}" width="${round(between(random, 3, 9))}" height="${round(between(random, 8, 26))}" rx="2"/>`;
  }).join('');
  return `<g fill="${PALETTE.windowLit}" opacity="0.22">${streaks}</g>`;
}

function river(random: Random, width: number, topY: number, bottomY: number): string {
  const shimmer = Array.from({ length: 60 }, () => {
    const y = between(random, topY + 6, bottomY - 4);
    const length = between(random, 20, 120);
    return `<rect x="${round(between(random, 0, width))}" y="${round(y)}" width="${round(length)}" height="1.6" rx="0.8"/>`;
  }).join('');
  return `<rect x="0" y="${round(topY)}" width="${width}" height="${round(bottomY - topY)}" fill="url(#river)"/>
  <g fill="${PALETTE.gold}" opacity="0.35">${shimmer}</g>`;
}

/** Dusk skyline over the park and river: hero, share image and page banner. */
function skylineScene(layout: SkylineLayout): string {
  const { width, height, clusterCentre, groundLine, seed } = layout;
  const random = createRandom(seed);
  const groundY = height * groundLine;
  const parkTop = groundY + height * 0.015;
  const riverTop = groundY + (height - groundY) * 0.5;
  const glowRadius = height * 0.55;
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    stars(random, width, groundY * 0.55, Math.round(width / 30)),
    `<circle cx="${round(width * clusterCentre + height * 0.2)}" cy="${round(groundY - height * 0.22)}" r="${round(glowRadius)}" fill="url(#glow)"/>`,
    ridge(random, width, groundY - height * 0.05, height * 0.06, '#1c3154'),
    distantCity(random, width, groundY, height * 0.12),
    towerCluster(random, layout),
    railLine(width, groundY + height * 0.008, width * (clusterCentre - 0.42), height * 0.26),
    park(random, width, parkTop, riverTop + 4),
    river(random, width, riverTop, height),
    reflections(random, width * clusterCentre, height * 0.42 * layout.towerScale, riverTop, height),
    `<rect width="${width}" height="${height}" fill="url(#groundFade)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#vignette)"/>`,
  ].join('\n');
  return svgDocument(width, height, skyDefs(height, groundY), body);
}

/** A top-down site plan: eight building footprints, park, river, roads and two stations. */
function sitePlan(width: number, height: number, seed: number): string {
  const random = createRandom(seed);
  const defs = `
  <linearGradient id="land" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#e9e4d6"/>
    <stop offset="1" stop-color="#dcd5c2"/>
  </linearGradient>
  <linearGradient id="water" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#9fb8d6"/>
    <stop offset="1" stop-color="#7f9cc2"/>
  </linearGradient>
  <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">
    <feDropShadow dx="6" dy="8" stdDeviation="6" flood-color="#0b1a33" flood-opacity="0.35"/>
  </filter>`;
  const river = `<path d="M${round(width * 0.78)} 0 C${round(width * 0.7)} ${round(height * 0.35)} ${round(width * 0.95)} ${round(height * 0.6)} ${round(width * 0.84)} ${height} H${width} V0 Z" fill="url(#water)"/>`;
  const parkArea = `<path d="M${round(width * 0.05)} ${round(height * 0.62)} C${round(width * 0.2)} ${round(height * 0.55)} ${round(width * 0.4)} ${round(height * 0.7)} ${round(width * 0.55)} ${round(height * 0.66)} L${round(width * 0.6)} ${height} H0 V${round(height * 0.7)} Z" fill="#a9c3a0"/>`;
  const parkTrees = Array.from({ length: 70 }, () => {
    const x = between(random, 0.02, 0.55) * width;
    const y = between(random, 0.72, 0.97) * height;
    const radius = between(random, 8, 18);
    return `<circle cx="${round(x)}" cy="${round(y)}" r="${round(radius)}" fill="${random() > 0.5 ? '#7fa67a' : '#6b9468'}" opacity="0.9"/>`;
  }).join('');
  const roads = `<g stroke="#ffffff" stroke-linecap="round" fill="none">
    <path d="M0 ${round(height * 0.18)} H${round(width * 0.74)}" stroke-width="26"/>
    <path d="M${round(width * 0.08)} 0 V${round(height * 0.6)}" stroke-width="22"/>
    <path d="M${round(width * 0.66)} 0 C${round(width * 0.64)} ${round(height * 0.4)} ${round(width * 0.7)} ${round(height * 0.7)} ${round(width * 0.66)} ${height}" stroke-width="22"/>
  </g>`;
  const railY = height * 0.08;
  const rail = `<path d="M0 ${round(railY)} H${width}" stroke="${PALETTE.navy}" stroke-width="6"/>
  <path d="M0 ${round(railY)} H${width}" stroke="#ffffff" stroke-width="2" stroke-dasharray="14 10"/>`;
  const station = (x: number) =>
    `<circle cx="${round(x)}" cy="${round(railY)}" r="22" fill="${PALETTE.navy}"/><circle cx="${round(x)}" cy="${round(railY)}" r="13" fill="none" stroke="${PALETTE.gold}" stroke-width="5"/>`;
  const site = `<rect x="${round(width * 0.14)}" y="${round(height * 0.24)}" width="${round(width * 0.48)}" height="${round(height * 0.38)}" rx="26" fill="#f7f4ec" stroke="${PALETTE.gold}" stroke-width="4" stroke-dasharray="16 10"/>`;
  const footprints: string[] = [];
  for (let row = 0; row < 2; row += 1) {
    for (let column = 0; column < 4; column += 1) {
      const x = width * (0.18 + column * 0.11) + (row % 2) * width * 0.03;
      const y = height * (0.29 + row * 0.16);
      const angle = between(random, -8, 8);
      footprints.push(
        `<rect x="${round(x)}" y="${round(y)}" width="${round(width * 0.07)}" height="${round(height * 0.085)}" rx="8" fill="${PALETTE.navy}" transform="rotate(${round(angle)} ${round(x + width * 0.035)} ${round(y + height * 0.04)})" filter="url(#shadow)"/>`,
      );
    }
  }
  const courtyard = `<ellipse cx="${round(width * 0.38)}" cy="${round(height * 0.43)}" rx="${round(width * 0.05)}" ry="${round(height * 0.025)}" fill="#a9c3a0"/>`;
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#land)"/>`,
    river,
    parkArea,
    parkTrees,
    roads,
    rail,
    station(width * 0.2),
    station(width * 0.58),
    site,
    courtyard,
    footprints.join(''),
  ].join('\n');
  return svgDocument(width, height, defs, body);
}

type RoomKind = 'living' | 'bedroom' | 'kitchen' | 'bath' | 'balcony' | 'hall';

/** A room on a 100 × 70 grid (the unit's width × depth), south (the balcony side) at the top. */
type Room = { kind: RoomKind; x: number; y: number; width: number; depth: number };

const ROOM_FILL: Record<RoomKind, string> = {
  living: '#efe6d2',
  bedroom: '#e3e9f2',
  kitchen: '#f3e3c4',
  bath: '#d6e5ea',
  balcony: '#e6eee1',
  hall: '#ece9e2',
};

const GRID = 10;
const PLAN_MARGIN = 100;

/** Furniture outlines that say what a room is for without any text. */
function furniture({ kind, x, y, width, depth }: Room): string {
  const left = PLAN_MARGIN + x * GRID;
  const top = PLAN_MARGIN + y * GRID;
  const roomWidth = width * GRID;
  const roomDepth = depth * GRID;
  const outline = `fill="#ffffff" stroke="${PALETTE.haze}" stroke-width="3"`;
  switch (kind) {
    case 'bedroom': {
      const bedWidth = Math.min(roomWidth * 0.5, 160);
      const bedDepth = Math.min(roomDepth * 0.6, 200);
      const bedX = left + (roomWidth - bedWidth) / 2;
      const bedY = top + roomDepth - bedDepth - 30;
      return `<rect x="${round(bedX)}" y="${round(bedY)}" width="${round(bedWidth)}" height="${round(bedDepth)}" rx="8" ${outline}/>
      <rect x="${round(bedX + 12)}" y="${round(bedY + bedDepth - 44)}" width="${round(bedWidth - 24)}" height="32" rx="6" fill="${ROOM_FILL.bedroom}" stroke="${PALETTE.haze}" stroke-width="2"/>`;
    }
    case 'living':
      return `<rect x="${round(left + roomWidth * 0.2)}" y="${round(top + roomDepth - 90)}" width="${round(roomWidth * 0.6)}" height="60" rx="12" ${outline}/>
      <rect x="${round(left + roomWidth * 0.35)}" y="${round(top + roomDepth * 0.35)}" width="${round(roomWidth * 0.3)}" height="${round(roomDepth * 0.2)}" rx="10" ${outline}/>`;
    case 'kitchen':
      return `<path d="M${round(left + 20)} ${round(top + 20)} h${round(roomWidth - 40)} v50 h${round(-(roomWidth - 90))} v${round(roomDepth - 90)} h-50 Z" ${outline}/>`;
    case 'bath':
      return `<rect x="${round(left + 16)}" y="${round(top + 16)}" width="${round(roomWidth - 32)}" height="${round(Math.min(roomDepth * 0.4, 90))}" rx="20" ${outline}/>
      <circle cx="${round(left + roomWidth / 2)}" cy="${round(top + roomDepth - 50)}" r="22" ${outline}/>`;
    case 'balcony':
    case 'hall':
      return '';
  }
}

/** A schematic floor plan: walls, rooms tinted by use, furniture, windows and door swings. */
function floorPlan(rooms: Room[]): string {
  const width = 100 * GRID + PLAN_MARGIN * 2;
  const height = 70 * GRID + PLAN_MARGIN * 2;
  const roomShapes = rooms
    .map((room) => {
      const dashed = room.kind === 'balcony' ? ' stroke-dasharray="14 10"' : '';
      return `<rect x="${PLAN_MARGIN + room.x * GRID}" y="${PLAN_MARGIN + room.y * GRID}" width="${room.width * GRID}" height="${room.depth * GRID}" fill="${ROOM_FILL[room.kind]}" stroke="${PALETTE.navy}" stroke-width="6"${dashed}/>`;
    })
    .join('\n');
  const doors = rooms
    .filter(({ kind }) => kind === 'bedroom' || kind === 'bath')
    .map(({ x, y, width: roomWidth, depth }) => {
      const hingeX = PLAN_MARGIN + (x + roomWidth) * GRID - 70;
      const hingeY = PLAN_MARGIN + (y + depth) * GRID;
      return `<path d="M${hingeX} ${hingeY} v-60 a60 60 0 0 1 60 60" fill="none" stroke="${PALETTE.gold}" stroke-width="3"/>`;
    })
    .join('');
  const windows = rooms
    .filter(({ kind, y }) => kind !== 'balcony' && kind !== 'hall' && y === 0)
    .map(({ x, width: roomWidth }) =>
      `<rect x="${PLAN_MARGIN + (x + roomWidth * 0.2) * GRID}" y="${PLAN_MARGIN - 5}" width="${roomWidth * 0.6 * GRID}" height="10" fill="#a9c4dc"/>`,
    )
    .join('');
  const body = [
    `<rect width="${width}" height="${height}" fill="#f7f4ec"/>`,
    roomShapes,
    rooms.map(furniture).join(''),
    doors,
    `<rect x="${PLAN_MARGIN}" y="${PLAN_MARGIN}" width="${100 * GRID}" height="${70 * GRID}" fill="none" stroke="${PALETTE.navy}" stroke-width="16"/>`,
    windows,
  ].join('\n');
  return svgDocument(width, height, '', body);
}

const FLOOR_PLANS: Record<string, Room[]> = {
  '40': [
    { kind: 'balcony', x: 0, y: 0, width: 100, depth: 12 },
    { kind: 'living', x: 0, y: 12, width: 55, depth: 38 },
    { kind: 'bedroom', x: 55, y: 12, width: 45, depth: 38 },
    { kind: 'kitchen', x: 0, y: 50, width: 40, depth: 20 },
    { kind: 'bath', x: 40, y: 50, width: 25, depth: 20 },
    { kind: 'hall', x: 65, y: 50, width: 35, depth: 20 },
  ],
  '59A': [
    { kind: 'balcony', x: 0, y: 0, width: 100, depth: 12 },
    { kind: 'bedroom', x: 0, y: 12, width: 28, depth: 34 },
    { kind: 'living', x: 28, y: 12, width: 40, depth: 34 },
    { kind: 'bedroom', x: 68, y: 12, width: 32, depth: 34 },
    { kind: 'bedroom', x: 0, y: 46, width: 28, depth: 24 },
    { kind: 'kitchen', x: 28, y: 46, width: 40, depth: 24 },
    { kind: 'bath', x: 68, y: 46, width: 16, depth: 24 },
    { kind: 'hall', x: 84, y: 46, width: 16, depth: 24 },
  ],
  '59B': [
    { kind: 'balcony', x: 0, y: 0, width: 60, depth: 12 },
    { kind: 'living', x: 0, y: 12, width: 60, depth: 34 },
    { kind: 'bedroom', x: 60, y: 0, width: 40, depth: 40 },
    { kind: 'bedroom', x: 0, y: 46, width: 30, depth: 24 },
    { kind: 'kitchen', x: 30, y: 46, width: 30, depth: 24 },
    { kind: 'bath', x: 60, y: 40, width: 20, depth: 30 },
    { kind: 'hall', x: 80, y: 40, width: 20, depth: 30 },
  ],
};

type Artwork = { name: string; width: number; height: number; maxBytes: number; svg: () => string };

const ARTWORKS: Artwork[] = [
  {
    name: 'hero',
    width: 1920,
    height: 1080,
    maxBytes: 120_000,
    svg: () => skylineScene({ width: 1920, height: 1080, clusterCentre: 0.68, towerScale: 1.25, groundLine: 0.72, seed: 652 }),
  },
  {
    // Kakao shows only the centre 2:1 area, so the towers sit in the middle.
    name: 'og-image',
    width: 1200,
    height: 630,
    maxBytes: 100_000,
    svg: () => skylineScene({ width: 1200, height: 630, clusterCentre: 0.5, towerScale: 1.05, groundLine: 0.74, seed: 208 }),
  },
  {
    name: 'page-banner',
    width: 1920,
    height: 480,
    maxBytes: 80_000,
    svg: () => skylineScene({ width: 1920, height: 480, clusterCentre: 0.74, towerScale: 1.35, groundLine: 0.8, seed: 29 }),
  },
  {
    name: 'site-overview',
    width: 1600,
    height: 1000,
    maxBytes: 150_000,
    svg: () => sitePlan(1600, 1000, 8),
  },
  ...Object.entries(FLOOR_PLANS).map(([code, rooms]) => ({
    name: `plan-${code}`,
    width: 100 * GRID + PLAN_MARGIN * 2,
    height: 70 * GRID + PLAN_MARGIN * 2,
    maxBytes: 60_000,
    svg: () => floorPlan(rooms),
  })),
];

/** Lowers the WebP quality until the file fits its budget. */
async function renderWebp(svg: string, maxBytes: number): Promise<{ data: Buffer; quality: number }> {
  for (let quality = 82; quality >= 40; quality -= 6) {
    const data = await sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toBuffer();
    if (data.length <= maxBytes) return { data, quality };
  }
  throw new Error(`cannot fit the artwork into ${maxBytes} bytes`);
}

async function main() {
  await mkdir(SVG_DIR, { recursive: true });
  for (const artwork of ARTWORKS) {
    const svg = artwork.svg();
    await writeFile(`${SVG_DIR}${artwork.name}.svg`, svg);
    const { data, quality } = await renderWebp(svg, artwork.maxBytes);
    await writeFile(`${IMAGES_DIR}${artwork.name}.webp`, data);
    console.log(
      `${artwork.name}.webp ${artwork.width}×${artwork.height} ${(data.length / 1024).toFixed(1)} KB (quality ${quality})`,
    );
  }
}

await main();
