// The browser's side of using a passkey: its signature over the server's options, and what to say when it
// gives none. Signing in, changing the password and proving a second factor all ask it the same way.
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { z } from 'zod';
import type { PasskeyAssertion } from '@/server/schemas/passkeys';

/** What the browser said when it made or used no passkey: the person cancelled, or it cannot. */
export function webAuthnFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'The browser made no passkey: it was cancelled or timed out.';
  if (error instanceof Error && error.name === 'InvalidStateError')
    return 'This authenticator already holds one of your passkeys.';
  return error instanceof Error ? error.message : 'The browser could not use a passkey.';
}

/** The browser's signature over `options`, as the API takes it. */
export async function signWithPasskey(options: object): Promise<z.infer<typeof PasskeyAssertion>> {
  const answer = await startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
  });
  return answer as z.infer<typeof PasskeyAssertion>;
}
