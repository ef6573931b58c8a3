/**
 * Card illustrations: one large flat icon on a navy card with a gold halo, drawn on an 800 × 600
 * canvas. Location cards and premium cards share this look so the cards read as one set.
 */
import { PALETTE } from './palette';
import { svgDocument, radialGlow, twoStopGradient } from './svg';

const INK = '#f4efe3';
const STROKE = `stroke="${INK}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"`;

function towers(xs: number[], baseY: number, heights: number[], width: number, colour = INK): string {
  return xs
    .map((x, index) => {
      const height = heights[index] ?? 120;
      const windows = Array.from(
        { length: Math.floor(height / 34) },
        (_, row) =>
          `<rect x="${x + width * 0.22}" y="${baseY - height + 20 + row * 34}" width="${width * 0.56}" height="10" rx="3" fill="${PALETTE.navy}" opacity="0.5"/>`,
      ).join('');
      return `<rect x="${x}" y="${baseY - height}" width="${width}" height="${height}" rx="6" fill="${colour}"/><rect x="${x}" y="${baseY - height}" width="${width}" height="14" rx="6" fill="${PALETTE.gold}"/>${windows}`;
    })
    .join('');
}

export const ICONS = {
  redevelopment: () => `${towers([300, 390, 480], 440, [200, 150, 110], 70)}
    <path d="M230 440 V130 M230 150 H560 M230 150 L300 130 M540 150 V210" ${STROKE} fill="none"/>
    <path d="M230 180 l30 -30 M230 230 l30 -30 M230 280 l30 -30 M230 330 l30 -30 M230 380 l30 -30" stroke="${PALETTE.gold}" stroke-width="6" fill="none"/>
    <rect x="520" y="210" width="40" height="30" rx="4" fill="${PALETTE.gold}"/>
    <path d="M180 440 H620" ${STROKE}/>`,
  medical: () => `<rect x="260" y="190" width="280" height="250" rx="10" fill="${INK}"/>
    <rect x="320" y="130" width="160" height="80" rx="10" fill="${INK}"/>
    <path d="M400 150 v44 M378 172 h44" stroke="#c75a5a" stroke-width="14" stroke-linecap="round"/>
    ${[0, 1, 2].map((column) => [0, 1].map((row) => `<rect x="${290 + column * 80}" y="${230 + row * 70}" width="50" height="40" rx="4" fill="${PALETTE.navy}" opacity="0.5"/>`).join('')).join('')}
    <rect x="370" y="380" width="60" height="60" rx="4" fill="${PALETTE.gold}"/>
    <path d="M200 440 H600" ${STROKE}/>`,
  transit: () => `<rect x="290" y="140" width="220" height="260" rx="50" fill="${INK}"/>
    <rect x="320" y="180" width="160" height="90" rx="14" fill="${PALETTE.navy}"/>
    <rect x="330" y="300" width="36" height="22" rx="8" fill="${PALETTE.gold}"/><rect x="434" y="300" width="36" height="22" rx="8" fill="${PALETTE.gold}"/>
    <path d="M340 400 L300 460 M460 400 L500 460 M320 440 H480" ${STROKE}/>
    <path d="M200 470 H600" stroke="${PALETTE.gold}" stroke-width="8" stroke-linecap="round"/>`,
  living: () => `<rect x="250" y="230" width="300" height="210" rx="8" fill="${INK}"/>
    <path d="M230 230 L260 160 H540 L570 230 Z" fill="${PALETTE.gold}"/>
    <path d="M230 230 q30 40 60 0 q30 40 60 0 q30 40 60 0 q30 40 60 0 q30 40 60 0" fill="${INK}" stroke="${PALETTE.gold}" stroke-width="6"/>
    <rect x="290" y="300" width="100" height="140" rx="6" fill="${PALETTE.navy}" opacity="0.55"/>
    <rect x="420" y="300" width="100" height="80" rx="6" fill="${PALETTE.navy}" opacity="0.35"/>
    <path d="M200 440 H600" ${STROKE}/>`,
  largeComplex: () => `${towers([230, 310, 390, 470, 550], 400, [150, 190, 220, 190, 150], 50, '#cfc7b4')}
    ${towers(
      [190, 290, 390, 490, 590].map((x) => x - 15),
      440,
      [120, 150, 170, 150, 120],
      60,
    )}
    <path d="M150 440 H650" ${STROKE}/>`,
  nature: () => `<circle cx="520" cy="180" r="50" fill="${PALETTE.gold}"/>
    <path d="M170 440 L320 220 L400 320 L460 250 L630 440 Z" fill="${INK}" opacity="0.9"/>
    <path d="M320 220 L290 265 L320 255 L345 275 Z" fill="${PALETTE.paleGold}"/>
    <circle cx="250" cy="380" r="46" fill="${PALETTE.treeLight}"/><rect x="245" y="400" width="10" height="40" fill="${PALETTE.treeDark}"/>
    <circle cx="560" cy="390" r="36" fill="#3f7558"/><rect x="556" y="405" width="8" height="35" fill="${PALETTE.treeDark}"/>
    <path d="M150 440 H650" ${STROKE}/>`,
  education: () => `<path d="M240 260 L400 170 L560 260 Z" fill="${PALETTE.gold}"/>
    <rect x="260" y="260" width="280" height="180" fill="${INK}"/>
    <path d="M400 170 V110 M400 112 h50 l-10 16 l10 16 h-50" ${STROKE} fill="${PALETTE.gold}"/>
    <circle cx="400" cy="225" r="18" fill="${INK}"/>
    <rect x="370" y="360" width="60" height="80" rx="4" fill="${PALETTE.navy}" opacity="0.6"/>
    ${[0, 1, 3, 4].map((column) => `<rect x="${282 + column * 50}" y="290" width="36" height="40" rx="4" fill="${PALETTE.navy}" opacity="0.45"/>`).join('')}
    <path d="M200 440 H600" ${STROKE}/>`,
  walkway:
    () => `<path d="M340 460 C380 380 330 320 400 250 C450 200 430 170 420 150" stroke="${PALETTE.gold}" stroke-width="30" fill="none" stroke-linecap="round"/>
    ${[
      [260, 330, 50],
      [300, 220, 40],
      [520, 330, 55],
      [490, 210, 38],
      [560, 420, 34],
      [220, 430, 34],
    ]
      .map(
        ([x = 0, y = 0, r = 0]) =>
          `<circle cx="${x}" cy="${y}" r="${r}" fill="${PALETTE.treeLight}"/><rect x="${x - 5}" y="${y + r * 0.6}" width="10" height="${r * 0.8}" fill="${PALETTE.treeDark}"/>`,
      )
      .join('')}
    <circle cx="600" cy="140" r="36" fill="${INK}" opacity="0.9"/>`,
  lounge: () => `<path d="M290 260 H490 V360 a80 80 0 0 1 -80 80 H370 a80 80 0 0 1 -80 -80 Z" fill="${INK}"/>
    <path d="M490 290 h30 a40 40 0 0 1 0 80 h-40" ${STROKE} fill="none"/>
    <path d="M350 230 q-20 -30 0 -60 q20 -30 0 -60 M420 230 q-20 -30 0 -60 q20 -30 0 -60" stroke="${PALETTE.gold}" stroke-width="9" fill="none" stroke-linecap="round"/>
    <path d="M240 460 H560" ${STROKE}/>`,
  smartHome: () => `<path d="M230 300 L400 170 L570 300" ${STROKE} fill="none"/>
    <path d="M270 290 V440 H530 V290 L400 200 Z" fill="${INK}"/>
    <path d="M350 360 a70 70 0 0 1 100 0 M370 385 a40 40 0 0 1 60 0" stroke="${PALETTE.gold}" stroke-width="10" fill="none" stroke-linecap="round"/>
    <circle cx="400" cy="410" r="10" fill="${PALETTE.gold}"/>
    <path d="M200 440 H600" ${STROKE}/>`,
} satisfies Record<string, () => string>;

export type IconName = keyof typeof ICONS;

export function iconCard(icon: IconName, tint: string): string {
  const defs = [twoStopGradient('cardBg', PALETTE.navy, tint), radialGlow('cardHalo', PALETTE.gold, 0.35)].join('');
  const body = [
    `<rect width="800" height="600" fill="url(#cardBg)"/>`,
    `<circle cx="400" cy="300" r="280" fill="url(#cardHalo)"/>`,
    `<circle cx="400" cy="300" r="230" fill="none" stroke="${PALETTE.gold}" stroke-width="2" opacity="0.35"/>`,
    ICONS[icon](),
  ].join('\n');
  return svgDocument(800, 600, defs, body);
}
