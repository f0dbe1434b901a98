// A TCP proxy between server processes and PostgreSQL that causes network faults for real: it cuts every
// connection, refuses new ones (its listener closed), or stalls (stops forwarding, closing nothing).
import { createServer, connect, type Server, type Socket } from 'node:net';
import { freePort } from './processes';

interface Pair {
  client: Socket;
  upstream: Socket;
}

export class FaultProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<Pair>();
  /** Connections accepted while stalled: connected upstream only on resume. */
  private readonly held: Socket[] = [];
  private stalled = false;
  /** Connections accepted so far: how often clients tried to connect. */
  accepted = 0;

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  /** A proxy to the PostgreSQL of `databaseUrl`, listening; `url` is the same database through it. */
  static async start(databaseUrl: string): Promise<FaultProxy & { url: string }> {
    const target = new URL(databaseUrl);
    const proxy = new FaultProxy(
      { host: target.hostname, port: Number(target.port || 5432) },
      await freePort(),
    );
    await proxy.accept();
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    return Object.assign(proxy, { url: target.toString() });
  }

  /** Listens (again): new connections are forwarded. */
  accept(): Promise<void> {
    const server = createServer((client) => this.admit(client));
    this.server = server;
    return new Promise((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  /** Closes every connection; new ones are still accepted. */
  cut(): void {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    for (const socket of this.held.splice(0)) socket.destroy();
  }

  /** Closes the listener (connecting is refused) and every connection. */
  async refuse(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.cut();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** Stops forwarding both ways and holds new connections, closing nothing. */
  stall(): void {
    this.stalled = true;
    for (const { client, upstream } of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** Forwards again what a stall held. */
  resume(): void {
    this.stalled = false;
    for (const { client, upstream } of this.pairs) this.forward(client, upstream);
    for (const client of this.held.splice(0)) this.admit(client);
  }

  async close(): Promise<void> {
    await this.refuse();
  }

  private admit(client: Socket): void {
    this.accepted++;
    if (client.destroyed) return;
    client.on('error', () => {});
    if (this.stalled) {
      client.pause();
      this.held.push(client);
      return;
    }
    const upstream = connect(this.target.port, this.target.host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    upstream.on('error', end).on('close', end);
    client.on('close', end);
    this.forward(client, upstream);
  }

  private forward(client: Socket, upstream: Socket): void {
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
