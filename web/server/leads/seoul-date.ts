/** YYYY-MM-DD in Korea, where the model house is. */
export function seoulDate(now: number): string {
  return new Date(now + 9 * 3600_000).toISOString().slice(0, 10);
}
