// The scrubbing every log line passes through (server/observability/log.ts): token-, JWT- and argon2-shaped text is replaced
// wherever it appears, every occurrence of it, and a line without any is left as it was.
import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../../observability/log';

const apiToken = 'bpm_Q2xhc3NpZmllZC1hbmQtbG9uZw';
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJl';
const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';

describe('scrubSecrets', () => {
  it('replaces each kind of secret, every occurrence, wherever it stands in the line', () => {
    const line = JSON.stringify({
      requestId: apiToken,
      path: `/api/${apiToken}`,
      err: { message: `failed: ${jwt} and ${jwt}`, hash },
    });
    const scrubbed = scrubSecrets(line);
    expect(scrubbed).not.toMatch(/bpm_Q2|eyJhbGci|\$argon2/);
    expect(JSON.parse(scrubbed)).toEqual({
      requestId: '[REDACTED]',
      path: '/api/[REDACTED]',
      err: { message: 'failed: [REDACTED] and [REDACTED]', hash: '[REDACTED]' },
    });
  });

  it('leaves a line as it was when it holds none, also when it holds the start of one', () => {
    for (const line of [
      '{"level":"info","msg":"request","path":"/api/incidents/42","status":200}',
      '{"msg":"bpm_short eyJ.x $argon2 bpm_ eyJabc"}',
      '',
    ]) {
      expect(scrubSecrets(line)).toBe(line);
    }
  });
});
