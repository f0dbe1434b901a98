// What every process running next-auth is told before Next loads (server/http.ts, on each topology): the
// console's public address where PUBLIC_URL says it, else the operator's NEXTAUTH_URL, else the address the
// browser used. Over HTTP, on both topologies: e2e/single-sign-on.spec.ts and e2e/console-process.spec.ts.
import { describe, expect, it } from 'vitest';
import { nextAuthEnvironment } from '../../runtime/public-url';

describe('next-auth environment', () => {
  it('names PUBLIC_URL’s origin where it is set, over an operator’s NEXTAUTH_URL', () => {
    expect(nextAuthEnvironment({ PUBLIC_URL: 'https://bpm.example.com:8443/console/' }, undefined)).toEqual({
      NEXTAUTH_URL: 'https://bpm.example.com:8443',
    });
    expect(nextAuthEnvironment({ PUBLIC_URL: 'https://bpm.example.com' }, 'http://elsewhere:3000')).toEqual({
      NEXTAUTH_URL: 'https://bpm.example.com',
    });
  });

  it('keeps the operator’s NEXTAUTH_URL without PUBLIC_URL', () => {
    expect(nextAuthEnvironment({ PUBLIC_URL: undefined }, 'https://auth.example.com')).toEqual({
      NEXTAUTH_URL: 'https://auth.example.com',
    });
  });

  it('without either, trusts the host the request names (made trustworthy before next-auth reads it)', () => {
    expect(nextAuthEnvironment({ PUBLIC_URL: undefined }, undefined)).toEqual({ AUTH_TRUST_HOST: 'true' });
  });
});
