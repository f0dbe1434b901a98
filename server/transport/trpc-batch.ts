// What a tRPC batch may hold. One HTTP request must not multiply the password checks a caller can make
// (30 sign-ins in one batch would each run argon2 and race the lock), nor any other work without bound.
import { validationError, type DomainError } from '../errors';
import { appOperations } from '../routers';

export const MAX_BATCH_CALLS = 10;

/** Sign-in and anything else under auth that checks credentials: mutations there take a password. */
const isAuthMutation = (path: string) =>
  path.startsWith('auth.') && appOperations.get(path)?.type === 'mutation';

/**
 * Why a tRPC request to `path` (after /api/trpc/) may not run, or undefined when it may. Read as tRPC reads
 * it: a batch only with `batch=1`, the path URL-decoded, then split at commas.
 */
export function batchRefusal(path: string, searchParams: URLSearchParams): DomainError | undefined {
  if (searchParams.get('batch') !== '1') return undefined;
  let paths: string[];
  try {
    paths = decodeURIComponent(path).split(',');
  } catch {
    return undefined; // tRPC itself refuses a malformed path with a 400
  }
  if (paths.length > MAX_BATCH_CALLS) {
    return validationError(
      `A tRPC batch holds at most ${MAX_BATCH_CALLS} calls; this one has ${paths.length}`,
    );
  }
  if (paths.some((p) => appOperations.get(p)?.meta.file)) {
    return validationError(
      'A file download cannot be batched: GET /api/trpc/<operation>?input=... on its own',
    );
  }
  if (paths.length > 1 && paths.some(isAuthMutation)) {
    return validationError('Sign-in (auth mutations) cannot be batched: send it as a request of its own');
  }
  return undefined;
}

/** How many calls a tRPC request to `path` makes, read as batchRefusal reads it: each takes a unit of a budget. */
export function callCount(path: string, searchParams: URLSearchParams): number {
  if (searchParams.get('batch') !== '1') return 1;
  try {
    return decodeURIComponent(path).split(',').length;
  } catch {
    return 1; // tRPC itself refuses a malformed path with a 400
  }
}
