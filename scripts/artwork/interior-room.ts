/**
 * A tiny one-point-perspective renderer for interiors: a room (floor, walls, ceiling, a balcony
 * window on the back wall) and axis-aligned boxes for furniture, all in metres from the camera.
 */
import { darken, lighten } from './colour';
import { PALETTE } from './palette';
import { between, round, type Random } from './random';
import { polygon, type Point } from './svg';

export type Camera = { centreX: number; horizonY: number; focal: number; eyeHeight: number };

/** X across (0 = straight ahead), Y up from the floor, Z away from the camera. */
export function projectPoint(camera: Camera, x: number, y: number, z: number): Point {
  return [camera.centreX + (x * camera.focal) / z, camera.horizonY - ((y - camera.eyeHeight) * camera.focal) / z];
}

export type Room = { halfWidth: number; height: number; depth: number };

export type Finish = { wall: string; floor: string; ceiling: string; plank: string };

/** A furniture block: x0..x1 across, y0..y1 up, z0..z1 away. */
export type Block = { x0: number; x1: number; y0: number; y1: number; z0: number; z1: number; colour: string };

const NEAR = 0.8;

/** The faces of a box the camera can see, far faces first, then the front. */
export function block(camera: Camera, { x0, x1, y0, y1, z0, z1, colour }: Block): string {
  const at = (x: number, y: number, z: number) => projectPoint(camera, x, y, z);
  const faces: string[] = [];
  if (y1 < camera.eyeHeight) faces.push(polygon([at(x0, y1, z0), at(x1, y1, z0), at(x1, y1, z1), at(x0, y1, z1)], `fill="${lighten(colour, 0.14)}"`));
  if (y0 > camera.eyeHeight) faces.push(polygon([at(x0, y0, z0), at(x1, y0, z0), at(x1, y0, z1), at(x0, y0, z1)], `fill="${darken(colour, 0.2)}"`));
  if (x0 > 0) faces.push(polygon([at(x0, y0, z0), at(x0, y0, z1), at(x0, y1, z1), at(x0, y1, z0)], `fill="${darken(colour, 0.16)}"`));
  if (x1 < 0) faces.push(polygon([at(x1, y0, z0), at(x1, y0, z1), at(x1, y1, z1), at(x1, y1, z0)], `fill="${darken(colour, 0.16)}"`));
  faces.push(polygon([at(x0, y0, z0), at(x1, y0, z0), at(x1, y1, z0), at(x0, y1, z0)], `fill="${colour}"`));
  return faces.join('');
}

/** Draws blocks painter-style: the farthest first. */
export function blocks(camera: Camera, items: Block[]): string {
  return [...items]
    .sort((a, b) => b.z0 - a.z0)
    .map((item) => block(camera, item))
    .join('');
}

/** The night view through the balcony glazing: sky, distant lit towers and the park's treeline. */
function windowView(random: Random, camera: Camera, room: Room, left: number, right: number): string {
  const z = room.depth;
  const [x0, top] = projectPoint(camera, left, room.height - 0.15, z);
  const [x1, bottom] = projectPoint(camera, right, 0.05, z);
  const width = x1 - x0;
  const height = bottom - top;
  const towers: string[] = [];
  for (let x = x0; x < x1; x += between(random, width * 0.05, width * 0.12)) {
    const towerHeight = between(random, 0.2, 0.55) * height;
    const towerWidth = between(random, width * 0.03, width * 0.06);
    towers.push(
      `<rect x="${round(x)}" y="${round(bottom - height * 0.25 - towerHeight)}" width="${round(towerWidth)}" height="${round(towerHeight)}" fill="#2a4470"/>`,
    );
    for (let light = 0; light < 4; light += 1) {
      towers.push(
        `<rect x="${round(x + between(random, 0.15, 0.7) * towerWidth)}" y="${round(bottom - height * 0.25 - between(random, 0.1, 0.9) * towerHeight)}" width="3" height="4" fill="${PALETTE.windowLit}" opacity="0.8"/>`,
      );
    }
  }
  const trees = Array.from(
    { length: 18 },
    (_, index) =>
      `<circle cx="${round(x0 + (width / 17) * index)}" cy="${round(bottom - height * 0.22)}" r="${round(between(random, 0.04, 0.07) * width)}" fill="${PALETTE.treeDark}"/>`,
  ).join('');
  const mullions = [0.25, 0.5, 0.75]
    .map((fraction) => `<rect x="${round(x0 + width * fraction - 2)}" y="${round(top)}" width="4" height="${round(height)}" fill="#e8e3d8"/>`)
    .join('');
  const frame = `x="${round(x0)}" y="${round(top)}" width="${round(width)}" height="${round(height)}"`;
  return `<clipPath id="windowFrame"><rect ${frame}/></clipPath><g clip-path="url(#windowFrame)"><rect ${frame} fill="url(#windowSky)"/>
  <circle cx="${round(x0 + width * 0.78)}" cy="${round(top + height * 0.22)}" r="${round(height * 0.05)}" fill="${PALETTE.paleGold}" opacity="0.9"/>
  ${towers.join('')}${trees}
  <rect x="${round(x0)}" y="${round(bottom - height * 0.2)}" width="${round(width)}" height="${round(height * 0.2)}" fill="${PALETTE.treeDark}"/>
  </g>${mullions}
  <rect ${frame} fill="none" stroke="#e8e3d8" stroke-width="6"/>`;
}

export const ROOM_DEFS = `<linearGradient id="windowSky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${PALETTE.nightNavy}"/><stop offset="0.7" stop-color="${PALETTE.dusk}"/><stop offset="1" stop-color="#8a7a68"/></linearGradient>
<radialGradient id="lampGlow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${PALETTE.paleGold}" stop-opacity="0.7"/><stop offset="1" stop-color="${PALETTE.paleGold}" stop-opacity="0"/></radialGradient>
<linearGradient id="roomShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0.12"/><stop offset="0.5" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.1"/></linearGradient>`;

/** Floor, ceiling, side walls and the back wall with its window (from `windowLeft` to `windowRight`). */
export function roomShell(random: Random, camera: Camera, room: Room, finish: Finish, windowLeft: number, windowRight: number): string {
  const { halfWidth: w, height: h, depth: d } = room;
  const at = (x: number, y: number, z: number) => projectPoint(camera, x, y, z);
  const planks = Array.from({ length: 13 }, (_, index) => {
    const x = -w + ((2 * w) / 12) * index;
    const [farX, farY] = at(x, 0, d);
    const [nearX, nearY] = at(x, 0, NEAR);
    return `M${round(farX)} ${round(farY)} L${round(nearX)} ${round(nearY)}`;
  }).join(' ');
  const downlights = [2.2, 4, 5.6]
    .filter((z) => z < d)
    .flatMap((z) => [-w * 0.5, w * 0.5].map((x) => at(x, h, z)))
    .map(
      ([x, y]) =>
        `<ellipse cx="${round(x)}" cy="${round(y)}" rx="14" ry="4" fill="#fff7e0"/><circle cx="${round(x)}" cy="${round(y + 30)}" r="70" fill="url(#lampGlow)" opacity="0.5"/>`,
    )
    .join('');
  return [
    polygon([at(-w, 0, NEAR), at(w, 0, NEAR), at(w, 0, d), at(-w, 0, d)], `fill="${finish.floor}"`),
    `<path d="${planks}" stroke="${finish.plank}" stroke-width="2" opacity="0.5"/>`,
    polygon([at(-w, h, NEAR), at(w, h, NEAR), at(w, h, d), at(-w, h, d)], `fill="${finish.ceiling}"`),
    polygon([at(-w, 0, NEAR), at(-w, 0, d), at(-w, h, d), at(-w, h, NEAR)], `fill="${darken(finish.wall, 0.08)}"`),
    polygon([at(w, 0, NEAR), at(w, 0, d), at(w, h, d), at(w, h, NEAR)], `fill="${darken(finish.wall, 0.12)}"`),
    polygon([at(-w, 0, d), at(w, 0, d), at(w, h, d), at(-w, h, d)], `fill="${finish.wall}"`),
    windowView(random, camera, room, windowLeft, windowRight),
    downlights,
  ].join('\n');
}

/** A potted plant: a pot block and a few round leaves. */
export function plant(camera: Camera, x: number, z: number, size: number): string {
  const pot = block(camera, { x0: x - 0.2, x1: x + 0.2, y0: 0, y1: 0.45, z0: z, z1: z + 0.4, colour: '#cdbfa6' });
  const leaves = [
    [0, 1.1, 0.42],
    [-0.22, 0.85, 0.3],
    [0.24, 0.9, 0.3],
  ]
    .map(([dx = 0, dy = 0, r = 0]) => {
      const [cx, cy] = projectPoint(camera, x + dx * size, dy * size, z + 0.2);
      return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round((r * size * camera.focal) / (z + 0.2))}" fill="${dx === 0 ? PALETTE.treeLight : PALETTE.treeMid}"/>`;
    })
    .join('');
  return leaves + pot;
}

/** A pendant lamp hanging from the ceiling, with its warm glow. */
export function pendant(camera: Camera, room: Room, x: number, z: number, drop: number): string {
  const [topX, topY] = projectPoint(camera, x, room.height, z);
  const [lampX, lampY] = projectPoint(camera, x, room.height - drop, z);
  const size = (0.22 * camera.focal) / z;
  return `<line x1="${round(topX)}" y1="${round(topY)}" x2="${round(lampX)}" y2="${round(lampY)}" stroke="#3a3a3a" stroke-width="1.5"/>
  <circle cx="${round(lampX)}" cy="${round(lampY + size * 0.8)}" r="${round(size * 3)}" fill="url(#lampGlow)"/>
  <path d="M${round(lampX - size)} ${round(lampY + size * 0.9)} Q${round(lampX)} ${round(lampY - size * 0.6)} ${round(lampX + size)} ${round(lampY + size * 0.9)} Z" fill="${PALETTE.gold}"/>`;
}

export function roomShade(width: number, height: number): string {
  return `<rect width="${width}" height="${height}" fill="url(#roomShade)"/>`;
}
