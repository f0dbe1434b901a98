// The API process's pass-through to the console's own process (server/transport/console-proxy.ts), between
// two real HTTP servers: a front whose handler is the proxy, and a console stand-in on a Unix socket that
// records what it was sent. A request arrives whole, an answer comes back whole (its cookies too), the
// headers of one connection stay on it, a kept connection closed under a request is retried once, and
// without a console a page is an honest 503, at once.
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleProxy } from '../../transport/console-proxy';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let directory: string;
let socketPath: string;
let front: http.Server;
let frontUrl: string;
let consoleServer: http.Server | undefined;

beforeEach(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'console-proxy-test-'));
  socketPath = path.join(directory, 'console.sock');
  const pass = consoleProxy(socketPath);
  front = http.createServer((req, res) => pass(req, res));
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});

afterEach(async () => {
  front.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  if (consoleServer) {
    consoleServer.closeAllConnections();
    await new Promise((resolve) => consoleServer!.close(resolve));
    consoleServer = undefined;
  }
  rmSync(directory, { recursive: true, force: true });
});

/** A console stand-in on the socket: `answer` writes each response; every request it read is in `seen`. */
async function startConsole(answer: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void) {
  const seen: Seen[] = [];
  consoleServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      answer(req, res, request);
    });
  });
  await new Promise<void>((resolve) => consoleServer!.listen(socketPath, resolve));
  return seen;
}

describe('the console proxy', () => {
  it('passes a request whole and its answer whole, cookies included, but no header of one connection', async () => {
    const seen = await startConsole((_req, res) => {
      res.setHeader('Set-Cookie', ['a=1; HttpOnly', 'b=2; Path=/']);
      res.setHeader('Content-Security-Policy', "script-src 'nonce-abc'");
      res.setHeader('Keep-Alive', 'timeout=65');
      res.writeHead(302, { Location: '/incidents' });
      res.end('moved');
    });
    // node:http rather than fetch, which sends no Connection header of the caller's.
    const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const req = http.request(
          `${frontUrl}/api/auth/callback/credentials?x=%2F1`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              cookie: 'next-auth.csrf-token=t',
              'x-bpm-client-address': '198.51.100.7',
              connection: 'keep-alive, x-private',
              'x-private': 'for this hop only',
            },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          },
        );
        req.on('error', reject);
        req.end('username=admin&password=secret');
      },
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/incidents');
    expect(answer.headers['set-cookie']).toEqual(['a=1; HttpOnly', 'b=2; Path=/']);
    expect(answer.headers['content-security-policy']).toBe("script-src 'nonce-abc'");
    expect(answer.headers['keep-alive']).not.toBe('timeout=65');
    expect(answer.body).toBe('moved');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/callback/credentials?x=%2F1',
      body: 'username=admin&password=secret',
    });
    expect(seen[0].headers).toMatchObject({
      'content-type': 'application/x-www-form-urlencoded',
      cookie: 'next-auth.csrf-token=t',
      'x-bpm-client-address': '198.51.100.7',
    });
    expect(seen[0].headers['x-private']).toBeUndefined();
  });

  it('streams a large answer through', async () => {
    const body = 'x'.repeat(3 * 1024 * 1024);
    await startConsole((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(body);
    });
    const answer = await fetch(`${frontUrl}/incidents`);
    expect(answer.status).toBe(200);
    expect((await answer.text()).length).toBe(body.length);
  });

  it('answers 503 with Retry-After at once while no console listens, and a page again once one does', async () => {
    const refused = await fetch(`${frontUrl}/incidents`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.text()).toContain('The API is available');

    await startConsole((_req, res) => res.end('the board'));
    const served = await fetch(`${frontUrl}/incidents`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('the board');
  });

  it('sends a bodiless request once more when the kept connection it went out on was closed under it', async () => {
    let requests = 0;
    const seen = await startConsole((req, res) => {
      requests += 1;
      // The second request, on the connection kept from the first, is dropped unanswered: as a console
      // closes an idle kept connection just as the proxy sends on it.
      if (requests === 2) req.socket.destroy();
      else res.end(`answer ${requests}`);
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (url: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get(`${frontUrl}${url}`, { agent }, (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          })
          .on('error', reject);
      });
    expect(await get('/first')).toEqual({ status: 200, body: 'answer 1' });
    expect(await get('/second')).toEqual({ status: 200, body: 'answer 3' });
    expect(seen.map((request) => request.url)).toEqual(['/first', '/second', '/second']);
    agent.destroy();
  });

  it('does not send a request with a body twice: a console that drops it is a 503', async () => {
    let requests = 0;
    const seen = await startConsole((req, res) => {
      requests += 1;
      if (requests === 2) req.socket.destroy();
      else res.end('ok');
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${frontUrl}/form`, { method, agent }, (res) => {
          res.resume().on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.end(body);
      });
    expect(await send('GET')).toBe(200);
    expect(await send('POST', 'a=1')).toBe(503);
    expect(seen.map((request) => request.method)).toEqual(['GET', 'POST']);
    agent.destroy();
  });

  it('ends the request it made of the console when the client goes away', async () => {
    let consoleRequestClosed!: () => void;
    const closed = new Promise<void>((resolve) => (consoleRequestClosed = resolve));
    let received!: () => void;
    const arrived = new Promise<void>((resolve) => (received = resolve));
    consoleServer = http.createServer((req) => {
      // Never answers: a slow page.
      req.socket.on('close', consoleRequestClosed);
      received();
    });
    await new Promise<void>((resolve) => consoleServer!.listen(socketPath, resolve));
    const client = http.get(`${frontUrl}/slow`);
    client.on('error', () => {});
    await arrived;
    client.destroy();
    await closed;
  });
});
