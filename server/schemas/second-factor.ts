// A person's second factor as the API shows it: never its secret once enrolled, never a recovery code twice.
import { z } from 'zod';
import { NOT_BLANK } from './common';
import { CurrentSecondFactorProof } from './passkeys';

export const SecondFactorResponse = z
  .object({
    totp: z
      .boolean()
      .meta({ description: 'whether an authenticator app (TOTP) is enrolled and asked at sign-in' }),
    enrolledAt: z.string().nullable().meta({ description: 'when enrolment completed (a local date-time)' }),
    recoveryCodesLeft: z.number().int().meta({
      description:
        'recovery codes not used yet (of ten), whichever second factor made them: an authenticator app or a passkey',
    }),
  })
  .meta({ id: 'SecondFactorResponse' });

export const TotpEnrolmentResponse = z
  .object({
    secret: z
      .string()
      .meta({ description: 'the new TOTP secret in base32, to type into an authenticator app' }),
    uri: z.string().meta({ description: 'the otpauth:// URI of the secret (what its QR code holds)' }),
  })
  .meta({ id: 'TotpEnrolmentResponse' });

const code = (description: string) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(100)
    .meta({ ...NOT_BLANK, description });

export const ConfirmTotpRequest = z
  .object({
    code: code('the current six-digit code the app shows for the new secret'),
    proof: CurrentSecondFactorProof.optional(),
  })
  .meta({ id: 'ConfirmTotpRequest' });

export const RecoveryCodesResponse = z
  .object({
    recoveryCodes: z.array(z.string()).meta({
      description:
        'ten single-use codes that stand in for your second factor once each, in place of any you had; shown only this once',
    }),
  })
  .meta({ id: 'RecoveryCodesResponse' });

export const RemoveSecondFactorRequest = z
  .object({ code: code('a current code from the app, or an unused recovery code') })
  .meta({ id: 'RemoveSecondFactorRequest' });
