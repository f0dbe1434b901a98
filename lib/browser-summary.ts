// A console session's browser in words ("Chrome on Linux") from its User-Agent header. A few well-known
// browsers and systems, tested in order (Edge and Opera say "Chrome" too, Chrome says "Safari", Android
// says "Linux"); anything else is named as unknown rather than guessed.

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdgA?\/|\bEdgiOS\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const firstMatch = (value: string, table: ReadonlyArray<readonly [RegExp, string]>) =>
  table.find(([pattern]) => pattern.test(value))?.[1];

/** "Chrome on Linux", "Firefox", "Unknown browser on Windows", or "Unknown browser" without a header. */
export function browserSummary(userAgent: string | null | undefined): string {
  const value = userAgent ?? '';
  const browser = firstMatch(value, BROWSERS) ?? 'Unknown browser';
  const system = firstMatch(value, SYSTEMS);
  return system ? `${browser} on ${system}` : browser;
}
