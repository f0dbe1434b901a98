// Every server process a test file started (server/test/support/processes.ts), stopped after the file's
// tests by the setup file (server/test/support/stop-started-processes.ts). A start that fails among several
// started together (Promise.all rejects with the first) leaves the others out of the test's own clean-up,
// and a server left running loads the machine for every test after it. Kept free of imports: the setup
// file runs for every test file.
import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();

export function trackStarted(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/** SIGKILLs those still running and waits for their exit. */
export async function stopStartedProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
