// Where a console page or call whose session ended sends the browser (lib/sign-in-path.ts).
import { describe, expect, it } from 'vitest';
import { signInPathFor } from '../../../lib/sign-in-path';

describe('signInPathFor', () => {
  it('asks the sign-in page to come back to the page and its query, encoded', () => {
    expect(signInPathFor('/incidents?status=OPEN&sort=severity,desc')).toBe(
      `/login?callbackUrl=${encodeURIComponent('/incidents?status=OPEN&sort=severity,desc')}`,
    );
    expect(signInPathFor('/admin/users/7')).toBe('/login?callbackUrl=%2Fadmin%2Fusers%2F7');
  });

  it('leaves out the _rsc marker of Next client navigations', () => {
    expect(signInPathFor('/incidents?status=OPEN&_rsc=x1y2')).toBe(
      `/login?callbackUrl=${encodeURIComponent('/incidents?status=OPEN')}`,
    );
  });

  it('never names another origin, the sign-in pages themselves, or the start page', () => {
    for (const path of [
      '//evil.example/x',
      '/\\evil.example/x',
      'https://evil.example/',
      '/login?callbackUrl=%2Fincidents',
      '/change-password',
      '/',
      '',
      null,
      undefined,
    ]) {
      expect(signInPathFor(path), String(path)).toBe('/login');
    }
  });
});
