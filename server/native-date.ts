// Next (16) replaces the process's global Date, as soon as it is imported, with a wrapper that tells a
// prerender in progress that the clock was read (next/dist/server/node-environment-extensions/date.js). Only
// `cacheComponents` uses that, and this console does not enable it (next.config.mjs; a test holds it so).
// The wrapper constructs every Date through `Reflect.construct`, and its objects have a shape of their own:
// a timestamp parsed and formatted cost 3.5-4.5 times as much, a read of one incident about a tenth more CPU and
// a process instance's incidents a fifth more (docs/performance.md, "Ninth pass"). The service makes every
// Date of its answers (the driver's rows, the views, the log lines), so it puts the native one back once Next is
// ready. Next's code reads the clock through the same global and works as it does without `cacheComponents`.

/**
 * Remembers the native Date; the function answered puts it back as the global (and as its prototype's
 * `constructor`, which the wrapper took over too) when something has replaced it since.
 */
export function keepNativeDate(): () => void {
  const NativeDate = globalThis.Date;
  return () => {
    if (globalThis.Date === NativeDate && NativeDate.prototype.constructor === NativeDate) return;
    Object.defineProperty(NativeDate.prototype, 'constructor', { value: NativeDate });
    globalThis.Date = NativeDate;
  };
}
