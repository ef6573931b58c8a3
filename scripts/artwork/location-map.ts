/**
 * The location map: an abstract top-down map with the sea, a stream, the hills' park, a road grid,
 * two metro lines with stations and the site marked by a gold pin. Illustrative only, no text.
 */
import { PALETTE } from './palette';
import { between, createRandom, round } from './random';
import { polyline, radialGlow, svgDocument, type Point } from './svg';

export const METRO_COLOURS = { suinBundang: '#e0b32e', incheonOne: '#6f99d2', planned: '#c77b8f' };

/** Where the site sits on both the map and the transit diagram, as fractions of the picture. */
export const SITE_SPOT = { x: 0.52, y: 0.46 };

function station(x: number, y: number, colour: string, radius = 13): string {
  return `<circle cx="${round(x)}" cy="${round(y)}" r="${radius}" fill="#ffffff" stroke="${colour}" stroke-width="6"/>`;
}

/** The site marker; `body` is the pin's fill, chosen to stand out on the picture's background. */
export function sitePin(x: number, y: number, size: number, body: string = PALETTE.navy): string {
  return `<circle cx="${round(x)}" cy="${round(y)}" r="${round(size * 3.4)}" fill="url(#pinGlow)"/>
  <circle cx="${round(x)}" cy="${round(y)}" r="${round(size * 2)}" fill="none" stroke="${PALETTE.gold}" stroke-width="3" opacity="0.7"/>
  <path d="M${round(x)} ${round(y)} c${round(-size * 0.9)} ${round(-size * 1.2)} ${round(-size * 1.2)} ${round(-size * 1.7)} ${round(-size * 1.2)} ${round(-size * 2.3)} a${round(size * 1.2)} ${round(size * 1.2)} 0 1 1 ${round(size * 2.4)} 0 c0 ${round(size * 0.6)} ${round(-size * 0.3)} ${round(size * 1.1)} ${round(-size * 1.2)} ${round(size * 2.3)} Z" fill="${body}" stroke="${PALETTE.gold}" stroke-width="3"/>
  <circle cx="${round(x)}" cy="${round(y - size * 2.3)}" r="${round(size * 0.5)}" fill="${body === PALETTE.navy ? PALETTE.gold : PALETTE.navy}"/>`;
}

export function locationMap(width: number, height: number, seed: number): string {
  const random = createRandom(seed);
  const scale = (points: Array<[number, number]>): Point[] => points.map(([x, y]) => [x * width, y * height]);
  const defs = [radialGlow('pinGlow', PALETTE.gold, 0.55)].join('');
  const sea = `<path d="M0 ${round(height * 0.62)} C${round(width * 0.12)} ${round(height * 0.66)} ${round(width * 0.22)} ${round(height * 0.8)} ${round(width * 0.3)} ${height} H0 Z" fill="#a8c1dc"/>
  <path d="M${round(width * 0.55)} ${height} C${round(width * 0.62)} ${round(height * 0.9)} ${round(width * 0.8)} ${round(height * 0.93)} ${width} ${round(height * 0.82)} V${height} Z" fill="#a8c1dc"/>`;
  const stream = polyline(
    scale([
      [0.2, 0.7],
      [0.3, 0.62],
      [0.38, 0.64],
      [0.46, 0.72],
      [0.58, 0.74],
      [0.66, 0.9],
      [0.7, 1],
    ]),
    `stroke="#b9cde3" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"`,
  );
  const hills = [
    [0.22, 0.26, 0.16, 0.17],
    [0.8, 0.3, 0.12, 0.18],
  ]
    .map(([cx = 0, cy = 0, rx = 0, ry = 0]) =>
      [1, 0.7, 0.42]
        .map(
          (factor, index) =>
            `<ellipse cx="${round(cx * width)}" cy="${round(cy * height)}" rx="${round(rx * width * factor)}" ry="${round(ry * height * factor)}" fill="${['#bcd2b0', '#a9c59c', '#94b78a'][index]}"/>`,
        )
        .join(''),
    )
    .join('');
  const blocks: string[] = [];
  for (let column = 0; column < 16; column += 1) {
    for (let row = 0; row < 10; row += 1) {
      const x = column * (width / 16) + 10;
      const y = row * (height / 10) + 10;
      if (random() < 0.35) continue;
      blocks.push(
        `<rect x="${round(x)}" y="${round(y)}" width="${round(width / 16 - 20)}" height="${round(height / 10 - 20)}" rx="6" opacity="${round(between(random, 0.5, 1))}"/>`,
      );
    }
  }
  const roads = [
    polyline(
      scale([
        [0, 0.38],
        [0.35, 0.4],
        [0.62, 0.36],
        [1, 0.4],
      ]),
      `stroke="#ffffff" stroke-width="22" stroke-linejoin="round"`,
    ),
    polyline(
      scale([
        [0.44, 0],
        [0.47, 0.4],
        [0.43, 0.7],
        [0.46, 1],
      ]),
      `stroke="#ffffff" stroke-width="20" stroke-linejoin="round"`,
    ),
    polyline(
      scale([
        [0.12, 0.55],
        [0.55, 0.6],
        [0.9, 0.56],
      ]),
      `stroke="#ffffff" stroke-width="12"`,
    ),
    polyline(
      scale([
        [0.72, 0],
        [0.66, 0.5],
        [0.74, 1],
      ]),
      `stroke="#ffffff" stroke-width="12"`,
    ),
    polyline(
      scale([
        [0.02, 0.12],
        [0.5, 0.18],
        [1, 0.12],
      ]),
      `stroke="#ffffff" stroke-width="10"`,
    ),
  ].join('');
  const suinBundang: Array<[number, number]> = [
    [0, 0.5],
    [0.3, 0.5],
    [0.4, 0.44],
    [0.6, 0.52],
    [0.82, 0.5],
    [1, 0.58],
  ];
  const incheonOne: Array<[number, number]> = [
    [0.6, 0],
    [0.62, 0.3],
    [0.6, 0.52],
    [0.58, 0.8],
    [0.62, 1],
  ];
  const lines = [
    polyline(scale(suinBundang), `stroke="${METRO_COLOURS.suinBundang}" stroke-width="10" stroke-linejoin="round"`),
    polyline(scale(incheonOne), `stroke="${METRO_COLOURS.incheonOne}" stroke-width="10" stroke-linejoin="round"`),
  ].join('');
  const stations = [
    station(width * 0.4, height * 0.44, METRO_COLOURS.suinBundang),
    station(width * 0.2, height * 0.5, METRO_COLOURS.suinBundang),
    station(width * 0.82, height * 0.5, METRO_COLOURS.suinBundang),
    station(width * 0.6, height * 0.52, '#5a6b86', 18),
    station(width * 0.62, height * 0.25, METRO_COLOURS.incheonOne),
    station(width * 0.585, height * 0.8, METRO_COLOURS.incheonOne),
  ].join('');
  const site = `<rect x="${round(width * (SITE_SPOT.x - 0.05))}" y="${round(height * (SITE_SPOT.y - 0.045))}" width="${round(width * 0.1)}" height="${round(height * 0.09)}" rx="10" fill="${PALETTE.paleGold}" stroke="${PALETTE.gold}" stroke-width="4"/>`;
  const body = [
    `<rect width="${width}" height="${height}" fill="#efebe1"/>`,
    `<g fill="#e2ddd0">${blocks.join('')}</g>`,
    hills,
    sea,
    stream,
    roads,
    lines,
    stations,
    site,
    sitePin(width * SITE_SPOT.x, height * SITE_SPOT.y, 22),
  ].join('\n');
  return svgDocument(width, height, defs, body);
}
