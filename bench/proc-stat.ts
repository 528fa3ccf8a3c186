import { readdirSync, readFileSync } from 'node:fs';

/**
 * A process's command name and CPU time (utime + stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks of
 * 1/100 s). Throws when the process is gone. The name is cut out between the first "(" and the last ")": it may
 * itself hold spaces or parentheses.
 */
export function readProcStat(pid: number): { command: string; cpuSeconds: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  return { command: stat.slice(stat.indexOf('(') + 1, close), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
}

/**
 * CPU seconds of every postgres process on this machine (the server's backends and its own processes). A
 * backend that ends between two readings takes its seconds with it: read while the connections measured live.
 */
export function postgresCpuSeconds(): number {
  let seconds = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const { command, cpuSeconds } = readProcStat(Number(pid));
      if (command === 'postgres') seconds += cpuSeconds;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return seconds;
}
