// Load generators: wrk over HTTP (a Lua script rotates through the request paths) and the same service
// call made directly in this process, each with a fixed number of concurrent clients.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoadStats {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Non-2xx answers, connection errors and timeouts. */
  errors: number;
  /** Completed requests in each wall-clock second of the run (wrk only; the first and last are partial). */
  timeline?: number[];
}

const luaString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * Runs wrk against `paths` (taken in turn; with `once`, each path is requested at most once and the run
 * ends when all have been answered, so that every acknowledge is a real transition).
 */
export async function wrkLoad(options: {
  baseUrl: string;
  token: string;
  method: 'GET' | 'POST';
  paths: string[];
  seconds: number;
  connections: number;
  once?: boolean;
  /**
   * A POST body to send instead of `{}`: `{run}` in it names this load (unique per call) and `{n}` counts
   * its requests (1, 2, ...), so that every request of every load can differ (a report of a new incident).
   */
  body?: string;
}): Promise<LoadStats> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'load.lua');
  writeFileSync(
    script,
    `
local paths = { ${options.paths.map(luaString).join(',\n')} }
local method = ${luaString(options.method)}
local once = ${options.once ? 'true' : 'false'}
local body = ${options.method === 'POST' ? luaString((options.body ?? '{}').replaceAll('{run}', randomBytes(4).toString('hex'))) : 'nil'}
local numbered = ${options.body?.includes('{n}') ? 'true' : 'false'}
local sent = 0
local headers = { ["Authorization"] = ${luaString(`Bearer ${options.token}`)}, ["Content-Type"] = "application/json" }
local i = 0
local answered = 0
start_s = nil
last_k = 0

request = function()
  i = i + 1
  if i > #paths then
    if once then i = #paths else i = 1 end
  end
  if numbered then
    sent = sent + 1
    return wrk.format(method, paths[i], headers, (string.gsub(body, "{n}", tostring(sent))))
  end
  return wrk.format(method, paths[i], headers, body)
end

response = function(status, hdrs, b)
  local s = os.time()
  if not start_s then start_s = s end
  local k = s - start_s
  if k > last_k then last_k = k end
  local name = "b" .. k
  _G[name] = (_G[name] or 0) + 1
  answered = answered + 1
  if once and answered >= #paths then wrk.thread:stop() end
end

local threads = {}
setup = function(thread) table.insert(threads, thread) end

done = function(summary, latency, requests)
  local e = summary.errors
  local buckets = {}
  for _, t in ipairs(threads) do
    local n = t:get("last_k") or 0
    for k = 0, n do buckets[k + 1] = (buckets[k + 1] or 0) + (t:get("b" .. k) or 0) end
  end
  io.write(string.format('BENCH {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"errors":%d,"timeline":[%s]}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.status + e.timeout, table.concat(buckets, ",")))
end
`,
  );
  try {
    const { stdout } = await run(
      'wrk',
      [
        '-t1',
        `-c${options.connections}`,
        `-d${options.seconds}s`,
        '--timeout',
        '10s',
        '-s',
        script,
        options.baseUrl,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const line = stdout.split('\n').find((l) => l.startsWith('BENCH '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const r = JSON.parse(line.slice('BENCH '.length)) as {
      requests: number;
      durationUs: number;
      p50Us: number;
      p99Us: number;
      maxUs: number;
      errors: number;
      timeline: number[];
    };
    const seconds = r.durationUs / 1e6;
    return {
      requests: r.requests,
      seconds,
      perSecond: r.requests / seconds,
      p50Ms: r.p50Us / 1000,
      p99Ms: r.p99Us / 1000,
      maxMs: r.maxUs / 1000,
      errors: r.errors,
      timeline: r.timeline,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Calls `call(i)` from `connections` concurrent loops for `seconds` (or until `limit` calls have started),
 * timing each call.
 */
export async function directLoad(options: {
  call: (i: number) => Promise<unknown>;
  seconds: number;
  connections: number;
  limit?: number;
}): Promise<LoadStats> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const start = performance.now();
  const end = start + options.seconds * 1000;
  const loop = async () => {
    while (performance.now() < end && (options.limit === undefined || next < options.limit)) {
      const i = next++;
      const t = performance.now();
      try {
        await options.call(i);
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  const seconds = (performance.now() - start) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length ? sorted[sorted.length - 1] : 0,
    errors,
  };
}
