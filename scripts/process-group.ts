// Stopping a server the benchmarks and the Lighthouse script started detached, in a process group of its own:
// the signal goes to the whole group, so tsx's child or a primary's workers stop with it.
import type { ChildProcess } from 'node:child_process';

/** SIGTERM to the child's process group, SIGKILL after 10 s; resolves once the child has exited. */
export async function stopProcessGroup(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-pid, s);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
