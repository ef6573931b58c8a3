/** Colour arithmetic for shading the faces of boxes (lit top, darker sides). */

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Mixes `hex` towards `target` by `amount` (0 = unchanged, 1 = target). */
export function mix(hex: string, target: string, amount: number): string {
  const from = channels(hex);
  const to = channels(target);
  const mixed = from.map((channel, index) => Math.round(channel + ((to[index] ?? 0) - channel) * amount));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

export const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount);
export const darken = (hex: string, amount: number) => mix(hex, '#000000', amount);
