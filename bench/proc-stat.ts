import { readFileSync } from 'node:fs';

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
