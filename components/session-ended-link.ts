'use client';
// A call refused because the console session ended (or its password must be changed first) takes the
// person to sign in (or to change it) and then back to the page they were on, rather than failing the
// action with a message about tokens.
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@/server/routers';
import { signInPathFor } from '@/lib/sign-in-path';

/** Procedures whose 401 means wrong credentials typed into a form, not an ended session. */
const CREDENTIAL_PROCEDURES = new Set(['auth.createToken', 'auth.changePassword']);

function problemCodeOf(error: unknown): string | undefined {
  return (error as { shape?: { problem?: { code?: string } } }).shape?.problem?.code;
}

/** Where the browser must go instead of showing `error`, if anywhere. */
function detourFor(path: string, error: unknown): string | undefined {
  if (CREDENTIAL_PROCEDURES.has(path)) return undefined;
  switch (problemCodeOf(error)) {
    case 'UNAUTHENTICATED':
      return signInPathFor(window.location.pathname + window.location.search);
    case 'PASSWORD_CHANGE_REQUIRED':
      return '/change-password';
    default:
      return undefined;
  }
}

export const sessionEndedLink: TRPCLink<AppRouter> =
  () =>
  ({ next, op }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        complete: () => observer.complete(),
        error: (error) => {
          const detour = detourFor(op.path, error);
          // The call stays pending while the page goes: no error flashes on the way out.
          if (detour) window.location.assign(detour);
          else observer.error(error);
        },
      }),
    );
