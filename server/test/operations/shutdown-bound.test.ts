// The shutdown's bound holds for its last steps too: background work that will not stop (a deliverer thread
// starved of CPU, say) or a database that will not close does not hold the exit past SHUTDOWN_TIMEOUT_MS.
import http from 'node:http';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { manageLifecycle } from '../../runtime/shutdown';

async function listeningServer() {
  const server = http.createServer((_req, res) => res.end('ok'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

describe('the shutdown bound', () => {
  it('background work that never stops: the shutdown ends at its bound, and says so', async () => {
    const server = await listeningServer();
    const lines: string[] = [];
    let databaseCloseAsked = false;
    const lifecycle = manageLifecycle(server, {
      drainDelayMs: 0,
      timeoutMs: 300,
      answerLongPolls: () => {},
      stopBackground: () => new Promise<void>(() => {}),
      closeDatabase: async () => {
        databaseCloseAsked = true;
      },
      log: (line) => lines.push(line),
    });
    expect(await lifecycle.shutdown('SIGTERM')).toBe(false);
    expect(lines.at(-1)).toMatch(/still closing at the bound: exiting without them/);
    // The database waits behind the background work: its connections stay until the process ends.
    expect(databaseCloseAsked).toBe(false);
  });

  it('everything closing in time: the shutdown says it stopped, the database closed after the background work', async () => {
    const server = await listeningServer();
    const lines: string[] = [];
    const order: string[] = [];
    const lifecycle = manageLifecycle(server, {
      drainDelayMs: 0,
      timeoutMs: 5_000,
      answerLongPolls: () => order.push('long polls'),
      stopBackground: async () => {
        order.push('background');
      },
      closeDatabase: async () => {
        order.push('database');
      },
      log: (line) => lines.push(line),
    });
    expect(await lifecycle.shutdown('SIGTERM')).toBe(true);
    expect(order).toEqual(['long polls', 'background', 'database']);
    expect(lines.at(-1)).toBe('SIGTERM: stopped');
    expect(server.listening).toBe(false);
  });
});
