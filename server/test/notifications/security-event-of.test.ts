// Which audit actions are which security events (server/services/notifications/security-events.ts): one
// sign-in is one security.sign_in whatever its second factor, and what a factor spends or gains is a change
// of the second factor.
import { describe, expect, it } from 'vitest';
import { securityEventOf } from '../../services/notifications/security-events';

const of = (action: string) => securityEventOf({ action, before: null, after: null });

describe('security events of audit actions', () => {
  it('counts a sign-in once, whatever its second factor', () => {
    expect(of('auth.sign_in')).toBe('security.sign_in');
    expect(of('auth.passkey_used')).toBeUndefined();
    expect(of('auth.recovery_code_used')).toBe('security.second_factor_changed');
  });

  it('tells of passkeys added and removed, and new recovery codes, as of the other factors', () => {
    for (const action of [
      'user.passkey_add',
      'user.passkey_remove',
      'user.recovery_codes_regenerate',
      'user.second_factor_enrol',
      'user.second_factor_remove',
      'user.second_factor_reset',
    ])
      expect(of(action), action).toBe('security.second_factor_changed');
    expect(of('auth.second_factor_failed')).toBe('security.sign_in_failed');
  });
});
