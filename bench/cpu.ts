import fs from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time (ms) used so far by the server process and by the postmaster and its children. */
function cpuNow(dataDir: string): { server: number; postgres: number } {
  const ticks = (pid: string) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, and cutime + cstime: the children it has reaped (backends that ended).
      const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as number[];
      return {
        ppid: fields[1],
        used: ((utime ?? 0) + (stime ?? 0)) * TICK_MS,
        reaped: ((cutime ?? 0) + (cstime ?? 0)) * TICK_MS,
      };
    } catch {
      return { ppid: '', used: 0, reaped: 0 };
    }
  };
  const server = fs.readFileSync(`${dataDir}/pago.pid`, 'utf8').trim();
  const postmaster = fs.readFileSync(`${dataDir}/pg/postmaster.pid`, 'utf8').split('\n')[0] ?? '';
  const main = ticks(postmaster);
  let postgres = main.used + main.reaped;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const t = ticks(pid);
    if (t.ppid === postmaster) postgres += t.used;
  }
  return { server: ticks(server).used, postgres };
}

export type CpuPerOperation = { server: number; postgres: number };

/** `run`, with the CPU it cost the server and PostgreSQL per operation (`operations` of its result). */
export async function withCpu<T>(
  dataDir: string,
  run: () => Promise<T>,
  operations: (result: T) => number,
): Promise<T & { cpu: CpuPerOperation }> {
  const before = cpuNow(dataDir);
  const result = await run();
  const after = cpuNow(dataDir);
  const ops = Math.max(1, operations(result));
  return {
    ...result,
    cpu: {
      server: (after.server - before.server) / ops,
      postgres: (after.postgres - before.postgres) / ops,
    },
  };
}
