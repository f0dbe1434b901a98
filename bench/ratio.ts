// The service against the bare baseline (bench/bare.ts) on the same database, in one run: for each of the
// four hot operations, alternating wrk rounds (service, bare, bare, service, ...: neither side always
// runs second on a warmer or busier machine), requests/s of each side summed over its rounds, the ratio
// service/bare, and the CPU each server process spent per request (its process group's utime + stime from
// /proc/<pid>/stat, read before and after its rounds).
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { wrkLoad, type LoadStats } from './load';

export interface RatioCase {
  name: string;
  method: 'GET' | 'POST';
  /** Paths taken in turn (acknowledge: each once per round, see `restore`). */
  paths: string[];
  /** Acknowledge: puts the incidents back to OPEN after each round, so that both sides make real transitions. */
  restore?: () => Promise<void>;
  /** The POST body, `{run}` and `{n}` filled in per load and per request (wrkLoad). */
  body?: string;
}

export interface Side {
  label: 'service' | 'bare';
  baseUrl: string;
  /** The process group (the spawned, detached process's pid): tsx and the node process it starts. */
  processGroup: number;
}

export interface SideResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** CPU time of the server's process group per request answered, in ms. */
  cpuMsPerRequest: number;
  /** Share of one core the server's process group used during its rounds. */
  cpuCores: number;
  /**
   * Requests/s and CPU ms per request of each round, in the order measured: whether a side was still
   * warming up in the first (a server that has just started serves its first seconds under load at a
   * fraction of its later speed) or the machine moved between rounds.
   */
  rounds: { perSecond: number; cpuMsPerRequest: number }[];
}

export interface RatioResult {
  name: string;
  service: SideResult;
  bare: SideResult;
  /** service requests/s ÷ bare requests/s (over all rounds of each). */
  ratio: number;
  /** The same per round pair, in the order measured. */
  roundRatios: number[];
}

/**
 * Throws when something already listens on one of `ports`. A server left over from an earlier run would
 * answer the benchmark's requests in place of the one it starts (which then cannot bind and exits), and its
 * figures would be that other server's: its build, its settings, and no CPU of the process group measured.
 */
export async function assertPortsFree(ports: number[]): Promise<void> {
  for (const port of ports) {
    const inUse = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (inUse) {
      throw new Error(
        `port ${port} is in use by another process (a server left running?): stop it, or choose other ports with BENCH_PORT`,
      );
    }
  }
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (ms) used so far by every live process of a process group (Linux /proc; 0 elsewhere). */
export function processGroupCpuMs(group: number): number {
  let ticks = 0;
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 2, the command, is in parentheses and may hold spaces: count from the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is field 3 (state): pgrp is field 5, utime 14, stime 15.
      if (Number(fields[2]) !== group) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

function sum(results: { stats: LoadStats; cpuMs: number }[]): SideResult {
  const requests = results.reduce((a, r) => a + r.stats.requests, 0);
  const seconds = results.reduce((a, r) => a + r.stats.seconds, 0);
  const cpuMs = results.reduce((a, r) => a + r.cpuMs, 0);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  return {
    requests,
    seconds,
    perSecond: requests / seconds,
    p50Ms: median(results.map((r) => r.stats.p50Ms)),
    p99Ms: median(results.map((r) => r.stats.p99Ms)),
    errors: results.reduce((a, r) => a + r.stats.errors, 0),
    cpuMsPerRequest: cpuMs / Math.max(1, requests),
    cpuCores: cpuMs / 1000 / seconds,
    rounds: results.map((r) => ({
      perSecond: r.stats.requests / r.stats.seconds,
      cpuMsPerRequest: r.cpuMs / Math.max(1, r.stats.requests),
    })),
  };
}

/** A side's rounds: requests/s and CPU ms per request of each ("2950/s 0.310, 3120/s 0.295, ..."). */
function roundsOf(side: SideResult): string {
  return side.rounds.map((r) => `${r.perSecond.toFixed(0)}/s ${r.cpuMsPerRequest.toFixed(3)}`).join(', ');
}

/** Each side's unmeasured load before its rounds: BENCH_RATIO_WARMUP_SECONDS, 5 s (1 s in a quick run). */
export function ratioWarmupSeconds(quick: boolean): number {
  return Number(process.env.BENCH_RATIO_WARMUP_SECONDS || (quick ? 1 : 5));
}

export async function compareWithBare(options: {
  cases: RatioCase[];
  service: Side;
  bare: Side;
  token: string;
  rounds: number;
  seconds: number;
  /** Unmeasured load of each side before each operation's rounds. */
  warmupSeconds: number;
  connections: number;
  log: (line: string) => void;
}): Promise<RatioResult[]> {
  const results: RatioResult[] = [];
  for (const c of options.cases) {
    const once = c.restore !== undefined;
    const run = async (side: Side, seconds: number) => {
      const before = processGroupCpuMs(side.processGroup);
      const stats = await wrkLoad({
        baseUrl: side.baseUrl,
        token: options.token,
        method: c.method,
        paths: c.paths,
        seconds,
        connections: options.connections,
        once,
        body: c.body,
      });
      const cpuMs = processGroupCpuMs(side.processGroup) - before;
      if (c.restore) {
        // wrk stops with requests in flight: let them finish, or one would land after the restore and find
        // its incident acknowledged in the next round (a 409).
        await new Promise((r) => setTimeout(r, 500));
        await c.restore();
      }
      return { stats, cpuMs };
    };
    // Warm-up of each side (JIT, connections, prepared statements), unmeasured and as long for both: the
    // service, many more functions for V8 to compile, takes seconds to reach its steady cost per request.
    await run(options.service, options.warmupSeconds);
    await run(options.bare, options.warmupSeconds);
    const per: Record<Side['label'], { stats: LoadStats; cpuMs: number }[]> = { service: [], bare: [] };
    const roundRatios: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? [options.service, options.bare] : [options.bare, options.service];
      for (const side of order) per[side.label].push(await run(side, options.seconds));
      roundRatios.push(per.service[round].stats.perSecond / per.bare[round].stats.perSecond);
    }
    const service = sum(per.service);
    const bare = sum(per.bare);
    const result = { name: c.name, service, bare, ratio: service.perSecond / bare.perSecond, roundRatios };
    options.log(
      `  ${c.name}: service ${service.perSecond.toFixed(0)}/s (${service.cpuMsPerRequest.toFixed(3)} ms CPU/request), ` +
        `bare ${bare.perSecond.toFixed(0)}/s (${bare.cpuMsPerRequest.toFixed(3)} ms CPU/request): ratio ` +
        `${result.ratio.toFixed(2)} (rounds ${roundRatios.map((r) => r.toFixed(2)).join(' ')}; ` +
        `service ${roundsOf(service)}, bare ${roundsOf(bare)})` +
        (service.errors + bare.errors ? `; ERRORS service ${service.errors}, bare ${bare.errors}` : ''),
    );
    results.push(result);
  }
  return results;
}

export function printRatioTable(results: RatioResult[], target = 0.5): string {
  const pad = (s: string, n: number) => s.padEnd(n);
  const lpad = (s: string, n: number) => s.padStart(n);
  const head = [
    pad('operation', 22),
    lpad('service/s', 10),
    lpad('bare/s', 8),
    lpad('ratio', 6),
    lpad('per round', 16),
    lpad('CPU ms/req svc', 15),
    lpad('bare', 6),
    lpad('svc p99', 8),
    lpad('bare p99', 9),
    '  target',
  ].join(' ');
  const lines = [head, '-'.repeat(head.length + 4)];
  for (const r of results) {
    const errors = r.service.errors + r.bare.errors;
    lines.push(
      [
        pad(r.name, 22),
        lpad(r.service.perSecond.toFixed(0), 10),
        lpad(r.bare.perSecond.toFixed(0), 8),
        lpad(r.ratio.toFixed(2), 6),
        lpad(r.roundRatios.map((x) => x.toFixed(2)).join(' '), 16),
        lpad(r.service.cpuMsPerRequest.toFixed(3), 15),
        lpad(r.bare.cpuMsPerRequest.toFixed(3), 6),
        lpad(r.service.p99Ms.toFixed(1), 8),
        lpad(r.bare.p99Ms.toFixed(1), 9),
        errors ? `  ${errors} ERRORS` : `  ${r.ratio >= target ? 'ok' : 'MISSED'} (>=${target})`,
      ].join(' '),
    );
  }
  lines.push(
    '(requests/s summed over alternating rounds; CPU: the server process group per request answered; p99 in ms, median round)',
  );
  return lines.join('\n');
}
