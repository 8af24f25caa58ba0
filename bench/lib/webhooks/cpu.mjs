import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';

// Clock ticks per second of /proc/<pid>/stat times (100 on every common Linux).
let ticksPerSecond;
function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

// The fields of /proc/<pid>/stat after the parenthesised command name (which may contain spaces).
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // not Linux, or the process is gone
  }
}

/** User + system CPU seconds a process has used so far (utime and stime, fields 14 and 15). */
function processCpuSeconds(pid) {
  const fields = statFields(pid);
  return fields && (Number(fields[11]) + Number(fields[12])) / clockTicks();
}

/** The parent of a process (field 4), if it can be seen from here. */
export function parentPid(pid) {
  const fields = statFields(pid);
  return fields && Number(fields[1]);
}

/** A process and its direct children: PostgreSQL's postmaster and its backends. */
export function processFamily(pid) {
  const pids = [pid];
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (/^\d+$/.test(entry) && parentPid(Number(entry)) === pid) pids.push(Number(entry));
  }
  return pids;
}

// CPU seconds of each process of a group (a pid, or a function listing pids, called each time).
function groupSnapshot(group) {
  const pids = typeof group === 'function' ? group() : [group];
  const snapshot = new Map();
  for (const pid of pids) {
    const seconds = processCpuSeconds(pid);
    if (seconds !== undefined) snapshot.set(pid, seconds);
  }
  return snapshot;
}

function machineTimes() {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/**
 * CPU use over an interval, per named process or group of processes (share of one core: 100 % =
 * one core busy) and for the whole machine (share of all cores). What is busy when the rate tops out says what limits it:
 * a worker at ~100 % is CPU-bound on its one event loop; a machine at ~100 % is out of cores.
 */
export function cpuMeter(groups) {
  const startWall = performance.now();
  const start = Object.fromEntries(
    Object.entries(groups).map(([name, group]) => [name, groupSnapshot(group)]),
  );
  const self = process.cpuUsage();
  const machine = machineTimes();
  return () => {
    const seconds = (performance.now() - startWall) / 1_000;
    const percent = (cpuSeconds) => (cpuSeconds / seconds) * 100;
    const perProcess = {};
    // CPU seconds per group over the interval: divided by the work done, the cost of one unit
    // (CPU per delivery), which contention on the cores does not distort as it does a rate.
    const cpuSeconds = {};
    for (const [name, group] of Object.entries(groups)) {
      const now = groupSnapshot(group);
      // A process that started meanwhile counts whole; one that ended meanwhile is lost.
      let used = 0;
      for (const [pid, cpuSeconds] of now) used += cpuSeconds - (start[name].get(pid) ?? 0);
      perProcess[name] = now.size === 0 ? null : percent(used);
      cpuSeconds[name] = now.size === 0 ? null : used;
    }
    const used = process.cpuUsage(self);
    perProcess.bench = percent((used.user + used.system) / 1e6);
    const end = machineTimes();
    const machinePercent = ((end.busy - machine.busy) / (end.total - machine.total)) * 100;
    return { seconds, perProcess, cpuSeconds, machinePercent, cores: cpus().length };
  };
}
