/** SVG markup helpers shared by every scene. */
import { round } from './random';

export type Point = readonly [number, number];

export function svgDocument(width: number, height: number, defs: string, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs>${defs}</defs>`,
    body,
    '</svg>',
  ].join('\n');
}

export function polygon(points: readonly Point[], attributes: string): string {
  return `<polygon points="${points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ')}" ${attributes}/>`;
}

export function polyline(points: readonly Point[], attributes: string): string {
  return `<polyline points="${points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ')}" fill="none" ${attributes}/>`;
}

const GRADIENT_ENDS = { down: 'x2="0" y2="1"', right: 'x2="1" y2="0"', diagonal: 'x2="1" y2="1"' } as const;

/** A two-stop gradient, top to bottom unless told otherwise: the most common fill in these scenes. */
export function twoStopGradient(id: string, top: string, bottom: string, towards: keyof typeof GRADIENT_ENDS = 'down'): string {
  return `<linearGradient id="${id}" x1="0" y1="0" ${GRADIENT_ENDS[towards]}><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

/** A soft round glow (lamps, sun, the site marker's halo). */
export function radialGlow(id: string, colour: string, opacity = 0.8): string {
  return `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}
