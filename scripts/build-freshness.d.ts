export type BuildState = { state: 'fresh' } | { state: 'missing' } | { state: 'stale'; changed: string };
export function buildState(root: string): BuildState;
export function buildProblem(root: string): string | undefined;
