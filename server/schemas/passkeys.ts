// Passkeys (WebAuthn) as the API shows them, and the ceremonies' JSON as the browser sends it
// (@simplewebauthn/browser's startRegistration / startAuthentication answers): never a public key, never a
// credential of someone else.
import { z } from 'zod';
import { NOT_BLANK, idParam, localDateTime } from './common';

const base64url = (max: number, description: string) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url without padding')
    .meta({ description });

const clientExtensionResults = z
  .looseObject({})
  .meta({ description: 'what the browser answered for extensions (often empty)' });
const authenticatorAttachment = z.enum(['platform', 'cross-platform']).optional();
const transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

export const PasskeyRegistrationResponse = z
  .object({
    id: base64url(1400, 'the new credential id'),
    rawId: base64url(1400, 'the same id'),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url(4000, 'the browser-signed client data (challenge, origin, type)'),
      attestationObject: base64url(64_000, "the authenticator's attestation (format 'none' is enough)"),
      authenticatorData: base64url(64_000, 'the authenticator data, also inside the attestation').optional(),
      transports: z.array(transport).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(64_000, 'the public key in SPKI form, also inside the attestation').optional(),
    }),
    authenticatorAttachment,
    clientExtensionResults,
  })
  .meta({
    id: 'PasskeyRegistrationResponse',
    description: 'What navigator.credentials.create() answered, as JSON (RegistrationResponseJSON)',
  });

export const PasskeyAssertion = z
  .object({
    id: base64url(1400, 'the credential that signed'),
    rawId: base64url(1400, 'the same id'),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url(4000, 'the browser-signed client data (challenge, origin, type)'),
      authenticatorData: base64url(64_000, 'the authenticator data (RP ID hash, flags, counter)'),
      // Post-quantum keys sign long: an ML-DSA-87 signature is 4,627 bytes.
      signature: base64url(16_000, 'the signature over the authenticator data and the client data hash'),
      userHandle: base64url(200, 'the user handle the passkey was made for').optional(),
    }),
    authenticatorAttachment,
    clientExtensionResults,
  })
  .meta({
    id: 'PasskeyAssertion',
    description:
      'What navigator.credentials.get() answered, as JSON (AuthenticationResponseJSON), for a challenge issued by this service',
  });

const credentialDescriptor = z.object({
  id: z.string().meta({ description: 'a credential id, base64url' }),
  type: z.string().meta({ description: '`public-key`' }),
  transports: z.array(z.string()).optional(),
});

const extensions = z
  .object({ credProps: z.boolean().optional() })
  .optional()
  .meta({ description: 'extensions asked of the browser (credProps: whether the passkey is discoverable)' });

export const PasskeyCreationOptions = z
  .object({
    challenge: z.string().meta({ description: 'single-use, for this person, valid five minutes' }),
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
    timeout: z.number().optional(),
    excludeCredentials: z
      .array(credentialDescriptor)
      .optional()
      .meta({ description: 'your passkeys already registered: the same authenticator is not taken twice' }),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
        userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
      })
      .optional(),
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
    extensions,
    hints: z.array(z.string()).optional(),
  })
  .meta({
    id: 'PasskeyCreationOptions',
    description: 'PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create()',
  });

export const PasskeyRequestOptions = z
  .object({
    challenge: z.string().meta({ description: 'single-use, for this person, valid five minutes' }),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    allowCredentials: z
      .array(credentialDescriptor)
      .optional()
      .meta({ description: 'your passkeys: only they are asked to sign' }),
    userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    extensions,
    hints: z.array(z.string()).optional(),
  })
  .meta({
    id: 'PasskeyRequestOptions',
    description: 'PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get()',
  });

export const PasskeyResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: localDateTime.meta({ description: 'when it was registered' }),
    lastUsedAt: localDateTime.nullable().meta({ description: 'when it last signed in or proved you' }),
  })
  .meta({ id: 'PasskeyResponse' });

export const RegisteredPasskeyResponse = PasskeyResponse.extend({
  recoveryCodes: z.array(z.string()).meta({
    description:
      'ten single-use codes that stand in for your second factor once each, made when this passkey is your ' +
      'first second factor (no authenticator app, no other passkey); shown only this once. Empty otherwise',
  }),
}).meta({ id: 'RegisteredPasskeyResponse' });

/** Proof of a current second factor: a code (TOTP or recovery), or a passkey's assertion; exactly one. */
export const secondFactorProof = {
  code: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(100)
    .optional()
    .meta({
      ...NOT_BLANK,
      description: 'a current code from your authenticator app, or an unused recovery code',
    }),
  passkey: PasskeyAssertion.optional().meta({
    description:
      'an assertion of one of your passkeys, for a challenge from POST /account/passkeys/challenge',
  }),
};

const hasExactlyOneProof = (v: { code?: string; passkey?: unknown }) =>
  (v.code === undefined) !== (v.passkey === undefined);
const exactlyOneProof = { message: 'send exactly one of code and passkey', path: ['code'] };
/** The same rule, stated for the document. */
const EXACTLY_ONE_PROOF = [{ required: ['code'] }, { required: ['passkey'] }];

/** A current second factor, proven before another is added to it (absent for a person's first). */
export const CurrentSecondFactorProof = z
  .object(secondFactorProof)
  .refine(hasExactlyOneProof, exactlyOneProof)
  .meta({
    id: 'SecondFactorProof',
    description:
      'Proof of the second factor you have, required when you have one (absent for your first): exactly one of `code` and `passkey`',
  });

export const RegisterPasskeyRequest = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(100)
      .meta({ ...NOT_BLANK, description: 'how you tell it apart, such as "Work laptop"' }),
    response: PasskeyRegistrationResponse,
    proof: CurrentSecondFactorProof.optional(),
  })
  .meta({ id: 'RegisterPasskeyRequest' });

export const RemovePasskeyRequest = z
  .object({ id: idParam, ...secondFactorProof })
  .refine(hasExactlyOneProof, exactlyOneProof)
  .meta({ id: 'RemovePasskeyRequest', oneOf: EXACTLY_ONE_PROOF });

export const RegenerateRecoveryCodesRequest = z
  .object(secondFactorProof)
  .refine(hasExactlyOneProof, exactlyOneProof)
  .meta({ id: 'RegenerateRecoveryCodesRequest', oneOf: EXACTLY_ONE_PROOF });
