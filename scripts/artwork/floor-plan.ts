/** Schematic unit floor plans: rooms tinted by use, furniture outlines, windows and door swings. */
import { PALETTE } from './palette';
import { round } from './random';
import { svgDocument } from './svg';

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

export const GRID = 10;
export const PLAN_MARGIN = 100;

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
export function floorPlan(rooms: Room[]): string {
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
    .map(
      ({ x, width: roomWidth }) =>
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

export const FLOOR_PLANS: Record<string, Room[]> = {
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
  '84A': [
    { kind: 'balcony', x: 0, y: 0, width: 100, depth: 10 },
    { kind: 'bedroom', x: 0, y: 10, width: 25, depth: 32 },
    { kind: 'living', x: 25, y: 10, width: 35, depth: 32 },
    { kind: 'bedroom', x: 60, y: 10, width: 20, depth: 32 },
    { kind: 'bedroom', x: 80, y: 10, width: 20, depth: 32 },
    { kind: 'bath', x: 0, y: 42, width: 14, depth: 28 },
    { kind: 'hall', x: 14, y: 42, width: 11, depth: 28 },
    { kind: 'kitchen', x: 25, y: 42, width: 35, depth: 28 },
    { kind: 'bath', x: 60, y: 42, width: 16, depth: 28 },
    { kind: 'hall', x: 76, y: 42, width: 24, depth: 28 },
  ],
  '84B': [
    { kind: 'balcony', x: 0, y: 0, width: 70, depth: 10 },
    { kind: 'living', x: 0, y: 10, width: 40, depth: 34 },
    { kind: 'bedroom', x: 40, y: 10, width: 30, depth: 34 },
    { kind: 'bedroom', x: 70, y: 0, width: 30, depth: 36 },
    { kind: 'kitchen', x: 0, y: 44, width: 30, depth: 26 },
    { kind: 'bedroom', x: 30, y: 44, width: 22, depth: 26 },
    { kind: 'bath', x: 52, y: 44, width: 16, depth: 26 },
    { kind: 'bath', x: 68, y: 36, width: 14, depth: 34 },
    { kind: 'hall', x: 82, y: 36, width: 18, depth: 34 },
  ],
  '114A': [
    { kind: 'balcony', x: 0, y: 0, width: 100, depth: 10 },
    { kind: 'bedroom', x: 0, y: 10, width: 20, depth: 30 },
    { kind: 'living', x: 20, y: 10, width: 34, depth: 30 },
    { kind: 'bedroom', x: 54, y: 10, width: 23, depth: 30 },
    { kind: 'bedroom', x: 77, y: 10, width: 23, depth: 30 },
    { kind: 'bedroom', x: 0, y: 40, width: 20, depth: 30 },
    { kind: 'kitchen', x: 20, y: 40, width: 34, depth: 30 },
    { kind: 'bath', x: 54, y: 40, width: 14, depth: 30 },
    { kind: 'hall', x: 68, y: 40, width: 18, depth: 30 },
    { kind: 'bath', x: 86, y: 40, width: 14, depth: 30 },
  ],
  '114B': [
    { kind: 'balcony', x: 0, y: 0, width: 60, depth: 10 },
    { kind: 'living', x: 0, y: 10, width: 36, depth: 32 },
    { kind: 'bedroom', x: 36, y: 10, width: 24, depth: 32 },
    { kind: 'bedroom', x: 60, y: 0, width: 40, depth: 30 },
    { kind: 'kitchen', x: 0, y: 42, width: 26, depth: 28 },
    { kind: 'bedroom', x: 26, y: 42, width: 20, depth: 28 },
    { kind: 'bath', x: 46, y: 42, width: 14, depth: 28 },
    { kind: 'bedroom', x: 60, y: 30, width: 22, depth: 22 },
    { kind: 'bath', x: 82, y: 30, width: 18, depth: 22 },
    { kind: 'hall', x: 60, y: 52, width: 40, depth: 18 },
  ],
};
