/** The location overview: a top-down plan with the site, park, river, roads and two stations. */
import { PALETTE } from './palette';
import { between, createRandom, round } from './random';
import { svgDocument, twoStopGradient } from './svg';

/** A top-down site plan: eight building footprints, park, river, roads and two stations. */
export function sitePlan(width: number, height: number, seed: number): string {
  const random = createRandom(seed);
  const defs = `
  ${twoStopGradient('land', '#e9e4d6', '#dcd5c2', 'diagonal')}
  ${twoStopGradient('water', '#9fb8d6', '#7f9cc2', 'right')}
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
