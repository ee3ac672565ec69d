// CPU time and memory of processes, read from /proc (Linux).
import { readFileSync, readdirSync } from 'node:fs';

const TICKS = 100; // USER_HZ: clock ticks per second on Linux

/** User + system CPU seconds consumed so far by a process. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** Current and peak resident memory in MiB. */
export function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
  } catch {
    return { rssMiB: 0, peakMiB: 0 };
  }
}

/** Pids whose command line contains `needle` (e.g. the embedded PostgreSQL's data directory). */
export function pidsMatching(needle) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

/** Total CPU seconds of a group of processes (postgres backends come and go: sum the living). */
export function groupCpuSeconds(pids) {
  return pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
}

/**
 * A process and all its descendants (PostgreSQL renames its backends' command lines, so they
 * are found through their parent, the postmaster, not by command line).
 */
export function descendantsOf(root) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const found = [root];
  for (let i = 0; i < found.length; i++) for (const [pid, ppid] of parents) if (ppid === found[i]) found.push(pid);
  return found;
}
