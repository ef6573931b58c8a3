/** Plain-text output of the bench scripts, the pages they measure, and how they end. */

/** One path per page template: home, a content page, location, a plan, an interior, the press list and an article, the form page. */
export const TEMPLATE_PATHS =
  '/,/SalesInfo/guide,/LocationEnvironment/intro,/FloorPlan/59A,/Interior/59A,/cheonghak/press,/cheonghak/press/press-sample-01,/Promotion/Customer';

/** Formats rows as an aligned plain-text table. */
export function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * Runs a bench to its end and exits with its outcome: whatever it left open (a browser's pipes, a
 * server's sockets) must not keep the process alive, nor hide a failure behind a zero exit.
 */
export async function runToExit(main: () => Promise<void>): Promise<never> {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
