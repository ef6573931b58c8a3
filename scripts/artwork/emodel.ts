/**
 * The e-model (VR tour) preview still: the 59A living room seen through a viewer's chrome —
 * floor hotspots, a compass, a mini plan and a control bar, all as shapes (no text).
 */
import { projectPoint } from './interior-room';
import { INTERIOR_STYLES, livingRoomScene } from './interiors';
import { PALETTE } from './palette';
import { round } from './random';

function hotspot(x: number, y: number, size: number): string {
  return `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(size * 1.6)}" ry="${round(size * 0.55)}" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.9"/>
  <ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(size * 0.7)}" ry="${round(size * 0.24)}" fill="#ffffff" opacity="0.85"/>`;
}

function controlBar(width: number, height: number): string {
  const barWidth = 420;
  const x = (width - barWidth) / 2;
  const y = height - 96;
  const buttons = [0, 1, 2, 3, 4]
    .map((index) => {
      const cx = x + 60 + index * 75;
      const active = index === 2;
      return `<circle cx="${cx}" cy="${y + 32}" r="22" fill="${active ? PALETTE.gold : 'none'}" stroke="#ffffff" stroke-width="2.5"/>`;
    })
    .join('');
  return `<rect x="${x}" y="${y}" width="${barWidth}" height="64" rx="32" fill="${PALETTE.nightNavy}" opacity="0.72"/>${buttons}
  <path d="M${x + 52} ${y + 32} l10 -8 v16 Z M${x + 128} ${y + 24} v16 M${x + 136} ${y + 24} v16" stroke="#ffffff" stroke-width="3" fill="#ffffff"/>`;
}

function compass(x: number, y: number): string {
  return `<circle cx="${x}" cy="${y}" r="46" fill="${PALETTE.nightNavy}" opacity="0.7"/>
  <circle cx="${x}" cy="${y}" r="36" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.6"/>
  <path d="M${x} ${y - 30} l10 30 h-20 Z" fill="${PALETTE.gold}"/><path d="M${x} ${y + 30} l10 -30 h-20 Z" fill="#ffffff" opacity="0.7"/>`;
}

/** A small plan of the unit in the corner, with the viewer's position and field of view. */
function miniPlan(x: number, y: number): string {
  const rooms = [
    [0, 0, 56, 70],
    [56, 0, 80, 70],
    [136, 0, 64, 70],
    [0, 70, 56, 50],
    [56, 70, 80, 50],
    [136, 70, 64, 50],
  ]
    .map(
      ([rx = 0, ry = 0, rw = 0, rh = 0]) =>
        `<rect x="${x + rx}" y="${y + ry}" width="${rw}" height="${rh}" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.8"/>`,
    )
    .join('');
  return `<rect x="${x - 16}" y="${y - 16}" width="232" height="152" rx="12" fill="${PALETTE.nightNavy}" opacity="0.72"/>${rooms}
  <path d="M${x + 96} ${y + 100} L${x + 70} ${y + 30} A60 60 0 0 1 ${x + 122} ${y + 30} Z" fill="${PALETTE.gold}" opacity="0.55"/>
  <circle cx="${x + 96}" cy="${y + 100}" r="7" fill="${PALETTE.gold}"/>`;
}

export function emodelScene(width: number, height: number): string {
  const room = livingRoomScene(width, height, INTERIOR_STYLES['59A']);
  const camera = { centreX: width / 2, horizonY: height * 0.5, focal: width * 0.46, eyeHeight: 1.45 };
  const spots = [
    [1.0, 3.1],
    [-0.5, 5.4],
    [1.9, 4.7],
  ]
    .map(([x = 0, z = 0]) => {
      const [sx, sy] = projectPoint(camera, x, 0.01, z);
      return hotspot(sx, sy, (0.22 * camera.focal) / z);
    })
    .join('');
  const vignette = `<radialGradient id="lens" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.55"/></radialGradient>`;
  const overlay = [
    `<defs>${vignette}</defs>`,
    `<rect width="${width}" height="${height}" fill="url(#lens)"/>`,
    spots,
    compass(width - 90, 90),
    miniPlan(56, height - 180),
    controlBar(width, height),
  ].join('\n');
  return room.replace('</svg>', `${overlay}\n</svg>`);
}
