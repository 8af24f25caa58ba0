import { readFileSync } from 'node:fs';

// USER_HZ: /proc reports CPU time in clock ticks of 1/100 s on every Linux architecture Node runs on.
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds a process has used so far (user + system), from /proc/<pid>/stat. Read before and
 * after a measured window, the difference ÷ requests served is the CPU cost of a request: the
 * figure that carries across machines and is not distorted by the load generator sharing the
 * cores, unlike req/s. Resolution 10 ms, so windows of seconds are accurate to well under 1 %.
 */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may contain spaces and parentheses: split after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Starts a CPU measurement of `pid`; the returned function ends it and gives the CPU seconds. */
export function cpuWindow(pid) {
  const before = cpuSeconds(pid);
  return () => cpuSeconds(pid) - before;
}

/** CPU microseconds per request: CPU seconds ÷ requests (NaN when nothing was served). */
export const cpuMicrosPerRequest = (seconds, requests) =>
  requests > 0 ? (seconds * 1e6) / requests : NaN;
