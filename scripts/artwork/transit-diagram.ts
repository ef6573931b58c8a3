/**
 * The transit diagram: metro lines drawn straight with 45° bends on navy, stations as rings, the
 * planned line dashed, distance rings around the site. No text; the page carries the names.
 */
import { METRO_COLOURS, SITE_SPOT, sitePin } from './location-map';
import { PALETTE } from './palette';
import { round } from './random';
import { polyline, radialGlow, svgDocument, twoStopGradient, type Point } from './svg';

/** `stations` are positions along `axis` (fractions of the width or height) where a stop sits. */
type Line = { colour: string; points: Array<[number, number]>; axis: 'x' | 'y'; stations: number[]; dashed?: boolean };

const LINES: Line[] = [
  {
    colour: METRO_COLOURS.suinBundang,
    points: [
      [0.04, 0.3],
      [0.3, 0.3],
      [0.42, 0.42],
      [0.58, 0.42],
      [0.7, 0.54],
      [0.96, 0.54],
    ],
    axis: 'x',
    stations: [0.08, 0.18, 0.3, 0.42, 0.5, 0.58, 0.78, 0.9],
  },
  {
    colour: METRO_COLOURS.incheonOne,
    points: [
      [0.58, 0.04],
      [0.58, 0.42],
      [0.58, 0.72],
      [0.7, 0.84],
      [0.7, 0.96],
    ],
    axis: 'y',
    stations: [0.1, 0.24, 0.42, 0.6, 0.72, 0.88],
  },
  {
    colour: METRO_COLOURS.planned,
    points: [
      [0.1, 0.8],
      [0.32, 0.8],
      [0.44, 0.68],
      [0.44, 0.42],
      [0.44, 0.1],
    ],
    axis: 'x',
    stations: [0.1, 0.22, 0.44],
    dashed: true,
  },
];

/** The first point of the polyline at each station's position along the axis. */
function stationPoints(points: Array<[number, number]>, fractions: number[], axis: 'x' | 'y'): Point[] {
  const vertical = axis === 'y';
  return fractions.map((fraction) => {
    for (let index = 1; index < points.length; index += 1) {
      const [ax, ay] = points[index - 1] ?? [0, 0];
      const [bx, by] = points[index] ?? [0, 0];
      const [a, b] = vertical ? [ay, by] : [ax, bx];
      if ((fraction >= a && fraction <= b) || (fraction <= a && fraction >= b)) {
        const t = b === a ? 0 : (fraction - a) / (b - a);
        return [ax + (bx - ax) * t, ay + (by - ay) * t] as Point;
      }
    }
    return (points[0] ?? [0, 0]) as Point;
  });
}

export function transitDiagram(width: number, height: number): string {
  const defs = [twoStopGradient('transitBg', PALETTE.nightNavy, PALETTE.navy), radialGlow('pinGlow', PALETTE.gold, 0.5)].join('');
  const siteX = width * SITE_SPOT.x;
  const siteY = height * SITE_SPOT.y;
  const rings = [160, 300, 440]
    .map(
      (radius) =>
        `<circle cx="${round(siteX)}" cy="${round(siteY)}" r="${radius}" fill="none" stroke="${PALETTE.gold}" stroke-width="2" stroke-dasharray="4 10" opacity="0.45"/>`,
    )
    .join('');
  const grid =
    Array.from({ length: 17 }, (_, index) => `M${round((width / 16) * index)} 0 V${height}`).join(' ') +
    Array.from({ length: 11 }, (_, index) => ` M0 ${round((height / 10) * index)} H${width}`).join('');
  const lines = LINES.map(({ colour, points, axis, stations, dashed }) => {
    const scaled: Point[] = points.map(([x, y]) => [x * width, y * height]);
    const stops = stationPoints(points, stations, axis)
      .map(([x, y]) => `<circle cx="${round(x * width)}" cy="${round(y * height)}" r="12" fill="${PALETTE.nightNavy}" stroke="${colour}" stroke-width="6"/>`)
      .join('');
    const dash = dashed ? ' stroke-dasharray="26 16"' : '';
    return polyline(scaled, `stroke="${colour}" stroke-width="14" stroke-linejoin="round" stroke-linecap="round"${dash}`) + stops;
  }).join('\n');
  const interchange = `<circle cx="${round(width * 0.58)}" cy="${round(height * 0.42)}" r="22" fill="#ffffff" stroke="${PALETTE.nightNavy}" stroke-width="6"/>`;
  const walk = polyline(
    [
      [siteX, siteY],
      [width * 0.58, height * 0.42],
    ],
    `stroke="#ffffff" stroke-width="4" stroke-dasharray="2 10" stroke-linecap="round"`,
  );
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#transitBg)"/>`,
    `<path d="${grid}" stroke="#ffffff" stroke-width="1" opacity="0.05"/>`,
    rings,
    lines,
    interchange,
    walk,
    sitePin(siteX, siteY + 50, 20, PALETTE.gold),
  ].join('\n');
  return svgDocument(width, height, defs, body);
}
