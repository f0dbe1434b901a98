// The clock every instance runs for due snoozes and silences (server/services/clock.ts): one tick at a time,
// a failing tick tried again at the next, and an outage logged once, with its end, not once a tick.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '../../observability/log';
import { startClock, type Clock } from '../../services/clock';

describe('startClock', () => {
  let clock: Clock | undefined;
  afterEach(async () => {
    await clock?.stop();
    vi.restoreAllMocks();
  });

  it('never runs two ticks at once, logs a run of failures once and its end once', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(log, 'info').mockImplementation(() => undefined);
    let running = 0;
    let overlapped = false;
    let calls = 0;
    clock = startClock('test work', 5, async () => {
      calls++;
      running++;
      overlapped ||= running > 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      if (calls <= 6) throw new Error('database unreachable');
    });
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(9), { timeout: 10_000 });
    await clock.stop();
    expect(overlapped).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][1]).toBe('test work failed; trying again every 5 ms');
    expect(info.mock.calls.map((call) => call[0])).toEqual(['test work: working again']);
  });

  it('waits for the tick under way when stopped', async () => {
    let finished = false;
    clock = startClock('slow work', 5, async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await clock.stop();
    expect(finished).toBe(true);
  });
});
