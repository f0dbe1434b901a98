// Forms validate with the same zod schemas as the server (server/schemas/*) and show server-side field
// errors (problem documents) beside the same fields.
import { TRPCClientError } from '@trpc/client';
import type { z } from 'zod';

type FieldErrors = Record<string, string>;

/** The form field an error path belongs to: an issue on `groupIds.0` is shown on `groupIds`. */
const fieldOf = (path: string) => path.split('.')[0] || 'form';

/** A Mantine `validate` function from a zod schema: the first message per form field. */
export function zodValidate<T extends z.ZodType>(schema: T) {
  return (values: unknown): FieldErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) errors[fieldOf(issue.path.join('.'))] ??= issue.message;
    return errors;
  };
}

export interface ProblemView {
  status?: number;
  code?: string;
  detail: string;
  errors: { field: string; message: string }[];
}

/** The problem document behind a failed tRPC call (see server/transport/trpc.ts errorFormatter), in words. */
export function problemOf(error: unknown): ProblemView {
  if (error instanceof TRPCClientError) {
    const problem = (error.shape as { problem?: ProblemView } | undefined)?.problem;
    if (problem) return { ...problem, errors: problem.errors ?? [] };
    return { detail: error.message || 'The request failed', errors: [] };
  }
  if (error instanceof Error && /fetch|network/i.test(error.message)) {
    return { detail: 'The service cannot be reached. Check your connection and try again.', errors: [] };
  }
  return { detail: 'Something went wrong. Please try again.', errors: [] };
}

/** Server field errors in the shape Mantine's form.setErrors takes: the first message per form field. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const e of problemOf(error).errors) errors[fieldOf(e.field)] ??= e.message;
  return errors;
}

/** Shows a failed call's field errors beside their fields; answers whether it had any. */
export function showFieldErrors(form: { setErrors(errors: FieldErrors): void }, error: unknown): boolean {
  const errors = fieldErrorsOf(error);
  form.setErrors(errors);
  return Object.keys(errors).length > 0;
}
