// A person's passkeys as their console adds them (a console session: tokens may not add a factor), for the
// tests that need one: registration with the real ceremony of a software authenticator, and the proof of a
// passkey they already have.
import { expect } from 'vitest';
import type { Actor, TestApi } from './http-helpers';
import type { Ceremony, SoftAuthenticator } from './soft-authenticator';

export interface AddedPasskey {
  id: number;
  name: string;
  /** Ten with the person's first factor, shown once; none later. */
  recoveryCodes: string[];
}

/** Passkey helpers for a console at `ceremony` (its origin and RP ID, as PUBLIC_URL sets them). */
export function consolePasskeys(t: TestApi, ceremony: Ceremony) {
  /** An assertion of `authenticator` for a proof challenge of the actor's. */
  async function proofOf(actor: Actor, authenticator: SoftAuthenticator) {
    const challenge = await (await t.console(actor)).post('/account/passkeys/challenge');
    expect(challenge.status, challenge.text).toBe(200);
    return authenticator.assert(challenge.body, ceremony);
  }

  /** Registers a passkey of `authenticator` in the actor's console; `provenWith`: a passkey they have already. */
  async function register(
    actor: Actor,
    authenticator: SoftAuthenticator,
    name = 'Test key',
    provenWith?: SoftAuthenticator,
  ): Promise<AddedPasskey> {
    const me = await t.console(actor);
    const proof = provenWith && { passkey: await proofOf(actor, provenWith) };
    const options = await me.post('/account/passkeys/registration');
    expect(options.status, options.text).toBe(200);
    const added = await me.post('/account/passkeys', {
      name,
      response: authenticator.register(options.body, ceremony),
      proof,
    });
    expect(added.status, added.text).toBe(200);
    return added.body as AddedPasskey;
  }

  return { register, proofOf };
}
