/** The dusk skyline over the park and river: hero, share image, page banner and brand scenes. */
import { PALETTE } from './palette';
import { between, createRandom, round, type Random } from './random';
import { svgDocument, twoStopGradient } from './svg';
import { tree } from './tree';

export type SkylineLayout = {
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
  ${twoStopGradient('towerFront', '#34527f', '#182c4d')}
  ${twoStopGradient('towerSide', '#223b62', '#0f1f3a')}
  ${twoStopGradient('river', '#24406b', PALETTE.river)}
  ${twoStopGradient('park', PALETTE.parkLight, PALETTE.park)}
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
  for (let x = 0; x < width;) {
    const blockWidth = between(random, 18, 46);
    const blockHeight = between(random, 0.2, 1) * maxHeight;
    blocks.push(`<rect x="${round(x)}" y="${round(baseY - blockHeight)}" width="${round(blockWidth)}" height="${round(blockHeight)}"/>`);
    x += blockWidth + between(random, 2, 10);
  }
  return `<g fill="#263f66" opacity="0.8">${blocks.join('')}</g>`;
}

export type Tower = { x: number; baseY: number; width: number; height: number; floors: number; depth: number };

export function tower(random: Random, { x, baseY, width, height, floors, depth }: Tower, haze: number): string {
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
      litWindows.push(`<rect x="${round(windowX)}" y="${round(windowY)}" width="${round(windowWidth)}" height="${round(windowHeight)}"/>`);
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
  const pillars = Array.from(
    { length: Math.ceil(width / 120) },
    (_, index) => `<rect x="${index * 120 + 40}" y="${round(y)}" width="6" height="${round(y * 0.03 + 14)}"/>`,
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

function park(random: Random, width: number, topY: number, bottomY: number): string {
  const hill = `<path d="M0 ${round(topY + 18)} C${round(width * 0.25)} ${round(topY - 14)} ${round(width * 0.55)} ${round(topY + 30)} ${width} ${round(topY)} V${round(bottomY)} H0 Z" fill="url(#park)"/>`;
  const trees: string[] = [];
  for (let x = 10; x < width; x += between(random, 28, 70)) {
    trees.push(tree(random, x, topY + between(random, 18, 40), between(random, 16, 30)));
  }
  const lamps = Array.from(
    { length: Math.floor(width / 160) },
    (_, index) => `<circle cx="${index * 160 + 80}" cy="${round(topY + 44)}" r="2.2" fill="${PALETTE.paleGold}" opacity="0.9"/>`,
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
export function skylineScene(layout: SkylineLayout): string {
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
