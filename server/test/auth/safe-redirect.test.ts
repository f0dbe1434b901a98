// Redirect targets after sign-in: paths of this site only, whatever an attacker puts into callbackUrl.
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
