/** The community lounge: reading room on the left, cafe counter ahead, fitness zone on the right. */
import { ROOM_DEFS, block, blocks, pendant, plant, projectPoint, roomShade, roomShell, type Block, type Camera, type Room } from './interior-room';
import { PALETTE } from './palette';
import { between, createRandom } from './random';
import { polygon, svgDocument } from './svg';

const BOOK_COLOURS = [PALETTE.navy, PALETTE.gold, '#7d9a8a', '#b9a38a', '#4f6b8f', '#e4dccb'];

/** A wall of shelves on the left wall, its books as thin coloured blocks. */
function bookshelf(camera: Camera, room: Room, z0: number, z1: number, seed: number): string {
  const random = createRandom(seed);
  const x0 = -room.halfWidth;
  const items: Block[] = [{ x0, x1: x0 + 0.35, y0: 0, y1: 2.3, z0, z1, colour: '#d9cdb6' }];
  const books: string[] = [];
  for (const shelfY of [0.3, 0.85, 1.4, 1.95]) {
    for (let z = z0 + 0.1; z < z1 - 0.1; z += between(random, 0.05, 0.09)) {
      const top = shelfY + between(random, 0.25, 0.4);
      const colour = BOOK_COLOURS[Math.floor(random() * BOOK_COLOURS.length)] ?? PALETTE.navy;
      const at = (y: number, zz: number) => projectPoint(camera, x0 + 0.35, y, zz);
      books.push(polygon([at(shelfY, z), at(shelfY, z + 0.045), at(top, z + 0.045), at(top, z)], `fill="${colour}"`));
    }
  }
  return blocks(camera, items) + books.join('');
}

function treadmill(x: number, z: number): Block[] {
  return [
    { x0: x - 0.35, x1: x + 0.35, y0: 0, y1: 0.2, z0: z, z1: z + 1.6, colour: '#2b2f36' },
    { x0: x - 0.3, x1: x + 0.3, y0: 0.9, y1: 1.25, z0: z + 1.5, z1: z + 1.6, colour: '#3a4150' },
    { x0: x - 0.35, x1: x - 0.3, y0: 0.2, y1: 1.0, z0: z + 1.5, z1: z + 1.6, colour: '#5b6474' },
    { x0: x + 0.3, x1: x + 0.35, y0: 0.2, y1: 1.0, z0: z + 1.5, z1: z + 1.6, colour: '#5b6474' },
  ];
}

export function communityScene(width: number, height: number, seed: number): string {
  const camera: Camera = { centreX: width / 2, horizonY: height * 0.48, focal: width * 0.4, eyeHeight: 1.5 };
  const room: Room = { halfWidth: 6, height: 3.2, depth: 11 };
  const random = createRandom(seed);
  const finish = { wall: '#ebe5d8', floor: '#cbb08a', ceiling: '#f3efe6', plank: '#a98d68' };
  const counterZ = room.depth - 1.6;
  const furniture: Block[] = [
    // Cafe counter with its top and a back shelf.
    { x0: -2.2, x1: 1.2, y0: 0, y1: 1.0, z0: counterZ, z1: counterZ + 0.6, colour: PALETTE.navy },
    { x0: -2.25, x1: 1.25, y0: 1.0, y1: 1.06, z0: counterZ - 0.05, z1: counterZ + 0.65, colour: '#f3efe6' },
    // Reading armchairs and low tables.
    { x0: -4.6, x1: -3.8, y0: 0, y1: 0.45, z0: 4.2, z1: 5, colour: PALETTE.gold },
    { x0: -4.6, x1: -3.8, y0: 0, y1: 0.45, z0: 6.2, z1: 7, colour: PALETTE.gold },
    { x0: -3.5, x1: -2.6, y0: 0, y1: 0.72, z0: 5.2, z1: 6.2, colour: '#b08a5e' },
    // Cafe tables.
    { x0: -1.4, x1: -0.6, y0: 0.7, y1: 0.74, z0: 5.6, z1: 6.4, colour: '#f2eee6' },
    { x0: -1.02, x1: -0.98, y0: 0, y1: 0.7, z0: 5.98, z1: 6.02, colour: '#3a3a3a' },
    { x0: 0.2, x1: 1.0, y0: 0.7, y1: 0.74, z0: 5.6, z1: 6.4, colour: '#f2eee6' },
    { x0: 0.58, x1: 0.62, y0: 0, y1: 0.7, z0: 5.98, z1: 6.02, colour: '#3a3a3a' },
    ...treadmill(3.2, 4.6),
    ...treadmill(4.5, 4.6),
    ...treadmill(3.2, 7.2),
    ...treadmill(4.5, 7.2),
  ];
  // A glass partition in front of the fitness zone.
  const glassAt = (y: number, z: number) => projectPoint(camera, 2.3, y, z);
  const glass = polygon(
    [glassAt(0, 3.6), glassAt(0, room.depth - 2), glassAt(2.6, room.depth - 2), glassAt(2.6, 3.6)],
    `fill="#bcd3e6" opacity="0.28" stroke="#ffffff" stroke-width="2"`,
  );
  const mirror = block(camera, { x0: room.halfWidth - 0.05, x1: room.halfWidth, y0: 0.4, y1: 2.4, z0: 3.4, z1: 8.8, colour: '#aebfd0' });
  const body = [
    roomShell(random, camera, room, finish, -4, 4),
    bookshelf(camera, room, 2.5, 8.5, seed),
    mirror,
    blocks(camera, furniture),
    glass,
    pendant(camera, room, -1.6, counterZ - 0.2, 1.2),
    pendant(camera, room, -0.5, counterZ - 0.2, 1.2),
    pendant(camera, room, 0.6, counterZ - 0.2, 1.2),
    pendant(camera, room, -1, 6, 1.4),
    pendant(camera, room, 0.6, 6, 1.4),
    plant(camera, -5.4, room.depth - 0.6, 1.5),
    roomShade(width, height),
  ].join('\n');
  return svgDocument(width, height, ROOM_DEFS, body);
}
