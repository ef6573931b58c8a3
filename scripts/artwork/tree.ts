/** A layered round-crowned tree, the one plant shape every scene shares. */
import { PALETTE } from './palette';
import { between, round, type Random } from './random';

export function tree(random: Random, x: number, groundY: number, size: number): string {
  const colours = [PALETTE.treeDark, PALETTE.treeMid, PALETTE.treeLight];
  const crowns = Array.from({ length: 3 }, (_, index) => {
    const colour = colours[index] ?? PALETTE.treeMid;
    const dx = between(random, -0.35, 0.35) * size;
    const dy = -size * (0.9 + index * 0.25);
    return `<ellipse cx="${round(x + dx)}" cy="${round(groundY + dy)}" rx="${round(size * (0.75 - index * 0.12))}" ry="${round(size * (0.7 - index * 0.1))}" fill="${colour}"/>`;
  }).join('');
  return `<rect x="${round(x - size * 0.06)}" y="${round(groundY - size * 0.7)}" width="${round(size * 0.12)}" height="${round(size * 0.7)}" fill="#122624"/>${crowns}`;
}
