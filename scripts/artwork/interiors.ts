/** Living-room and kitchen interiors for the unit types, in one calm modern style. */
import { darken } from './colour';
import { ROOM_DEFS, blocks, pendant, plant, projectPoint, roomShade, roomShell, type Block, type Camera, type Finish, type Room } from './interior-room';
import { PALETTE } from './palette';
import { createRandom } from './random';
import { polygon, svgDocument } from './svg';

/** What changes from one unit type to the next: the room's size and its finishes. */
export type InteriorStyle = { seed: number; room: Room; finish: Finish; sofa: string; accent: string; cabinet: string };

export const INTERIOR_STYLES: Record<'59A' | '84A' | '84B', InteriorStyle> = {
  '59A': {
    seed: 59,
    room: { halfWidth: 2.6, height: 2.4, depth: 6.2 },
    finish: { wall: '#ece6da', floor: '#c9ab82', ceiling: '#f4f1ea', plank: '#a98a62' },
    sofa: '#8d9bb0',
    accent: PALETTE.gold,
    cabinet: '#f1ede4',
  },
  '84A': {
    seed: 84,
    room: { halfWidth: 3.1, height: 2.4, depth: 6.8 },
    finish: { wall: '#eeeae2', floor: '#d8c7ac', ceiling: '#f6f4ee', plank: '#b8a485' },
    sofa: '#c9c0ae',
    accent: PALETTE.navy,
    cabinet: '#e6e1d6',
  },
  '84B': {
    seed: 841,
    room: { halfWidth: 3.3, height: 2.45, depth: 7.2 },
    finish: { wall: '#e8e2d6', floor: '#9b7a5a', ceiling: '#f3efe7', plank: '#7d5f43' },
    sofa: '#4f6357',
    accent: PALETTE.gold,
    cabinet: '#2d3a4f',
  },
};

const CAMERA_EYE = 1.45;

function cameraFor(width: number, height: number): Camera {
  return { centreX: width / 2, horizonY: height * 0.5, focal: width * 0.46, eyeHeight: CAMERA_EYE };
}

function floorRug(camera: Camera, x0: number, x1: number, z0: number, z1: number, colour: string): string {
  const at = (x: number, z: number) => projectPoint(camera, x, 0.01, z);
  return polygon([at(x0, z0), at(x1, z0), at(x1, z1), at(x0, z1)], `fill="${colour}" opacity="0.85"`);
}

/** The living room: sofa on the left, low TV console on the right, the balcony window ahead. */
export function livingRoomScene(width: number, height: number, style: InteriorStyle): string {
  const camera = cameraFor(width, height);
  const { room } = style;
  const w = room.halfWidth;
  const random = createRandom(style.seed);
  const sofaZ0 = 3.2;
  const furniture: Block[] = [
    // Sofa: seat, back and two arms against the left wall.
    { x0: -w, x1: -w + 0.9, y0: 0, y1: 0.42, z0: sofaZ0, z1: sofaZ0 + 2.4, colour: style.sofa },
    { x0: -w, x1: -w + 0.25, y0: 0.42, y1: 0.85, z0: sofaZ0, z1: sofaZ0 + 2.4, colour: darken(style.sofa, 0.05) },
    { x0: -w, x1: -w + 0.9, y0: 0.42, y1: 0.62, z0: sofaZ0, z1: sofaZ0 + 0.2, colour: style.sofa },
    // Coffee table.
    { x0: -0.9, x1: 0.1, y0: 0, y1: 0.36, z0: 3.6, z1: 4.4, colour: '#f2eee6' },
    // TV console and the dark screen on the right wall.
    { x0: w - 0.45, x1: w, y0: 0, y1: 0.4, z0: 2.8, z1: 5.4, colour: style.cabinet },
    { x0: w - 0.06, x1: w, y0: 0.95, y1: 1.75, z0: 3.3, z1: 4.9, colour: '#1b2433' },
    // Armchair by the window.
    { x0: 0.6, x1: 1.4, y0: 0, y1: 0.42, z0: room.depth - 1.4, z1: room.depth - 0.6, colour: style.accent },
    { x0: 0.6, x1: 1.4, y0: 0.42, y1: 0.8, z0: room.depth - 0.75, z1: room.depth - 0.6, colour: darken(style.accent, 0.1) },
  ];
  const body = [
    roomShell(random, camera, room, style.finish, -w + 0.3, w - 0.3),
    floorRug(camera, -1.5, 0.8, 3.1, 5, '#e9e2d2'),
    blocks(camera, furniture),
    plant(camera, -w + 0.45, room.depth - 0.6, 1.2),
    plant(camera, w - 0.5, room.depth - 0.5, 1.1),
    pendant(camera, room, -0.4, 4, 0.7),
    roomShade(width, height),
  ].join('\n');
  return svgDocument(width, height, ROOM_DEFS, body);
}

/** The kitchen and dining: counter run on the right, tall units on the left, island and pendants. */
export function kitchenScene(width: number, height: number, style: InteriorStyle): string {
  const camera = cameraFor(width, height);
  const { room } = style;
  const w = room.halfWidth;
  const random = createRandom(style.seed + 1);
  const counterTop = '#f7f5f0';
  const furniture: Block[] = [
    // Base units, worktop and wall units along the right wall.
    { x0: w - 0.6, x1: w, y0: 0, y1: 0.86, z0: 1.6, z1: room.depth - 0.8, colour: style.cabinet },
    { x0: w - 0.64, x1: w, y0: 0.86, y1: 0.9, z0: 1.6, z1: room.depth - 0.8, colour: counterTop },
    { x0: w - 0.35, x1: w, y0: 1.5, y1: 2.2, z0: 1.6, z1: room.depth - 0.8, colour: style.cabinet },
    // Tall units (fridge and pantry) on the left wall.
    { x0: -w, x1: -w + 0.65, y0: 0, y1: 2.2, z0: 2.2, z1: 4.2, colour: style.cabinet },
    // Island with its worktop.
    { x0: -0.5, x1: 0.9, y0: 0, y1: 0.86, z0: 3.2, z1: 4.6, colour: darken(style.cabinet, 0.04) },
    { x0: -0.55, x1: 0.95, y0: 0.86, y1: 0.91, z0: 3.15, z1: 4.65, colour: counterTop },
    // Dining table and two benches by the window.
    { x0: -1.6, x1: -0.2, y0: 0.7, y1: 0.75, z0: room.depth - 1.6, z1: room.depth - 0.7, colour: '#b08a5e' },
    { x0: -1.5, x1: -1.4, y0: 0, y1: 0.7, z0: room.depth - 1.5, z1: room.depth - 0.8, colour: '#8e6d48' },
    { x0: -0.4, x1: -0.3, y0: 0, y1: 0.7, z0: room.depth - 1.5, z1: room.depth - 0.8, colour: '#8e6d48' },
    { x0: -1.6, x1: -0.2, y0: 0, y1: 0.45, z0: room.depth - 2.0, z1: room.depth - 1.75, colour: style.accent },
  ];
  const body = [
    roomShell(random, camera, room, style.finish, -w + 0.4, w - 0.9),
    blocks(camera, furniture),
    pendant(camera, room, -0.1, 3.6, 0.9),
    pendant(camera, room, 0.5, 4.2, 0.9),
    pendant(camera, room, -0.9, room.depth - 1.1, 0.8),
    plant(camera, w - 0.4, room.depth - 0.4, 0.9),
    roomShade(width, height),
  ].join('\n');
  return svgDocument(width, height, ROOM_DEFS, body);
}
