/**
 * Processor time a process and its children have used, from /proc: a bench's cost per request
 * that the other work on a shared machine does not change the way it changes requests per second.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every architecture it runs here. */
const MS_PER_TICK = 10;

/** Milliseconds of processor time used by `pid`, its children that ended, and its live descendants. */
export function processTreeCpuMs(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // Fields after the command name (which may hold spaces), from field 3 on: utime, stime, cutime, cstime are 14–17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) * MS_PER_TICK;
  return own + childrenOf(pid).reduce((sum, child) => sum + processTreeCpuMs(child), 0);
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}
