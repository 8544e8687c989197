import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * Honest CPU for the benches (decision 0034): every thread and every child process, plus the database.
 *
 * - A Node process: `/proc/<pid>/stat` utime + stime (fields 14-15) count **every thread** (the main
 *   thread, V8's compiler and GC threads, libuv's pool, worker threads), cutime + cstime (16-17) the
 *   children it has reaped, and each live descendant (an evaluation worker process) is added the same
 *   way. `/proc/<pid>/schedstat`, which the benches read before, counts the main thread only (5-15% of
 *   a save was missed, 54% of an XLSX export). Clock ticks of 10 ms: measure enough work per figure
 *   (a second or more) for the rounding to vanish.
 * - A PostgreSQL backend is one single-threaded process: its schedstat run time (nanoseconds) is all of
 *   its CPU, exactly. Backends are found by the `application_name` of the connections measured.
 */

const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime, in ticks. */
  ticks: number;
  /** utime + stime: the process's own threads, in ticks. */
  ownTicks: number;
}

function readStat(pid: number | string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: split after its closing one.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): field N is fields[N - 3].
    const at = (n: number) => Number(fields[n - 3]);
    return {
      pid: Number(pid),
      ppid: at(4),
      ticks: at(14) + at(15) + at(16) + at(17),
      ownTicks: at(14) + at(15),
    };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by a process tree: `total`, all threads of the process, its reaped children
 * and its live descendants; `children`, the part that is not the process's own threads (an API
 * process's evaluation box workers, decision 0031, live or reaped).
 */
export function processTreeCpu(rootPid: number | undefined): { total: number; children: number } {
  if (rootPid === undefined) return { total: 0, children: 0 };
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(readStat)
    .filter((stat): stat is ProcStat => stat !== undefined);
  const children = new Map<number, ProcStat[]>();
  for (const stat of all) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  let ticks = 0;
  const root = all.find((stat) => stat.pid === rootPid);
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const stat = stack.pop() as ProcStat;
    ticks += stat.ticks;
    stack.push(...(children.get(stat.pid) ?? []));
  }
  return { total: ticks / TICKS_PER_SECOND, children: (ticks - (root?.ownTicks ?? 0)) / TICKS_PER_SECOND };
}

/** CPU seconds used so far by a process, all its threads, its reaped children and its live descendants. */
export function processTreeCpuSeconds(rootPid: number | undefined): number {
  return processTreeCpu(rootPid).total;
}

/** CPU seconds of this process so far, every thread (Node's own count, microseconds). */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** CPU seconds of a single-threaded process (a PostgreSQL backend), in nanoseconds of run time. */
function backendSeconds(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of each PostgreSQL backend serving connections named `applicationName`. */
export async function backendCpu(probe: pg.Client, applicationName: string): Promise<Map<number, number>> {
  const { rows } = await probe.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [applicationName],
  );
  return new Map(rows.map((r) => [r.pid, backendSeconds(r.pid)]));
}

/** Backend CPU seconds between two readings (a backend that appeared in between counts whole). */
export function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, value] of after) seconds += value - (before.get(pid) ?? 0);
  return seconds;
}
