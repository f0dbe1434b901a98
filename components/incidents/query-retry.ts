import { problemOf } from '@/components/forms/zod-form';

/** Retry a failed read once, but never a 4xx: asking again for an unknown id only delays the answer. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = problemOf(error).status;
  return failureCount < 1 && !(status !== undefined && status >= 400 && status < 500);
}
