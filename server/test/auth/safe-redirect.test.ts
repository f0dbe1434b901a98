// Redirect targets after sign-in: paths of this site only, whatever an attacker puts into callbackUrl.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeAuthRedirect, safeRedirectPath } from '../../../lib/safe-redirect';
import { signInPathFor } from '../../../lib/sign-in-path';

/** Where a browser would go from a page of http://console.example when told to go to `location`. */
const landing = (location: string) => new URL(location, 'http://console.example/login');

describe('safeRedirectPath', () => {
  it.each([
    '/\\evil.example/after-login',
    '/\t/evil.example/',
    '/\\/evil.example/',
    // each serialises as `//evil`: on the origin once resolved, another host when the browser follows it
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/./\\evil.example',
    '/\t.//evil.example',
    '/a/..//evil.example',
    '//evil',
    '///evil',
    '/\n/evil',
    '/\r\n/evil',
    'https://evil',
    'http://console.example/x',
    'javascript:alert(1)',
    '\u65e5',
    '\r\n',
    '\u2028',
    '\0',
    'evil.example',
    '',
    undefined,
    42,
  ])('%j falls back to /', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });

  it.each([
    ['/', '/'],
    ['/incidents?status=OPEN&sort=severity,desc', '/incidents?status=OPEN&sort=severity,desc'],
    ['/admin/users/7#tokens', '/admin/users/7#tokens'],
    ['/\u65e5', '/%E6%97%A5'],
    ['/a\r\nSet-Cookie: x=1', '/aSet-Cookie:%20x=1'],
    ['/a\u2028b', '/a%E2%80%A8b'],
    ['/a\0b', '/a%00b'],
    ['/%2F%2Fevil', '/%2F%2Fevil'],
  ])('%j stays on the site as %j', (value, expected) => {
    const path = safeRedirectPath(value);
    expect(path).toBe(expected);
    expect(landing(path).origin).toBe('http://console.example');
    // Only visible ASCII: a Location header can carry it.
    expect(path).toMatch(/^[\x21-\x7e]+$/);
  });

  it('takes the first of repeated values', () => {
    expect(safeRedirectPath(['/incidents', '//evil'])).toBe('/incidents');
    expect(safeRedirectPath(['//evil', '/incidents'])).toBe('/');
  });
});

describe('signInPathFor and safeAuthRedirect', () => {
  it('the sign-in page comes back to a path of the site only', () => {
    expect(signInPathFor('/incidents?status=OPEN')).toBe('/login?callbackUrl=%2Fincidents%3Fstatus%3DOPEN');
    expect(signInPathFor('/\\evil.example')).toBe('/login');
    expect(signInPathFor('/')).toBe('/login');
  });

  it.each([
    ['/incidents', 'http://console.example/incidents'],
    ['http://console.example/admin/users', 'http://console.example/admin/users'],
    ['/\\evil.example/x', 'http://console.example/'],
    ['http://evil.example/', 'http://console.example/'],
    ['http://console.example.evil.example/', 'http://console.example/'],
    ['\u65e5', 'http://console.example/'],
  ])('next-auth is sent from %j to %j', (url, expected) => {
    expect(safeAuthRedirect({ url, baseUrl: 'http://console.example' })).toBe(expected);
  });
});

describe('any value, as a browser resolves it (fast-check)', () => {
  const CONSOLE = 'http://console.example';
  // What an attacker builds a callbackUrl from: separators and dot segments, in every spelling (the most
  // often: they are what leaves an origin), the bytes a URL parser drops or folds (tab, newline, NUL,
  // full-width and ideographic forms), schemes in any case, host-like text; joined in any order and mixed
  // with arbitrary text.
  const separator = fc.constantFrom('/', '\\', '%2F', '%2f', '%5C', '%5c', '%252F');
  const dots = fc.constantFrom('.', '..', '%2E', '%2e', '%2e%2E', '.%2e');
  // prettier-ignore
  const other = fc.constantFrom(
    '%09', '%0A', '%00', '\t', '\n', '\r', ' ', '\u0000', '\uFF0F', '\uFF3C', '\u3002', '\uFF0E', '\u2028',
    ':', '@', '?', '#', '%', 'http:', 'HTTP:', 'https:', 'HtTpS:', 'javascript:', 'JAVASCRIPT:', 'data:',
    'evil.example', 'console.example', 'localhost', '127.0.0.1', '[::1]', 'x',
  );
  const fragment = fc.oneof(
    { weight: 4, arbitrary: separator },
    { weight: 2, arbitrary: dots },
    { weight: 3, arbitrary: other },
    { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 2 }) },
  );
  const hostile = fc.array(fragment, { maxLength: 10 }).map((parts) => parts.join(''));
  const runs = { numRuns: 20_000 };

  it('what safeRedirectPath lets through lands on the console, whoever starts it and from which page', () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom('/login', '/login?callbackUrl=x', '/a/b/c'), (value, page) => {
        for (const candidate of [value, `/${value}`]) {
          const path = safeRedirectPath(candidate);
          expect(path.startsWith('/'), path).toBe(true);
          expect(new URL(path, `${CONSOLE}${page}`).origin, `${JSON.stringify(candidate)} -> ${path}`).toBe(
            CONSOLE,
          );
          // visible ASCII only (a Location header), and stable: the page and next-auth may both apply it
          expect(path).toMatch(/^[\x21-\x7e]+$/);
          expect(safeRedirectPath(path)).toBe(path);
        }
      }),
      runs,
    );
  });

  it("next-auth's redirect, given a path or an absolute URL, stays on the console's origin", () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom('', '/', CONSOLE, `${CONSOLE}/`), (value, prefix) => {
        const target = safeAuthRedirect({ url: `${prefix}${value}`, baseUrl: CONSOLE });
        expect(new URL(target).origin, `${JSON.stringify(prefix + value)} -> ${target}`).toBe(CONSOLE);
        expect(target.startsWith(`${CONSOLE}/`)).toBe(true);
      }),
      runs,
    );
  });

  it('the sign-in path built for a page keeps its way back on the console', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const login = new URL(signInPathFor(`/${value}`), CONSOLE);
        expect(login.origin).toBe(CONSOLE);
        expect(login.pathname).toBe('/login');
        const back = login.searchParams.get('callbackUrl');
        if (back !== null) expect(new URL(back, `${CONSOLE}/login`).origin).toBe(CONSOLE);
      }),
      runs,
    );
  });
});
