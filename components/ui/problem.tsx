'use client';
// Failed calls in words: the API's own detail, with a title that says what kind of refusal it is.
import { Alert, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { problemOf, type ProblemView } from '@/components/forms/zod-form';

export function problemTitle(problem: ProblemView): string {
  switch (problem.code) {
    case 'LAST_ADMIN':
      return 'At least one administrator must remain';
    case 'CONFLICT':
      return 'Not possible';
    case 'VALIDATION_FAILED':
      return 'Please check the form';
    case 'NOT_FOUND':
      return 'Not found';
    case 'FORBIDDEN':
      return 'Not allowed';
    case 'UNAUTHENTICATED':
      return 'Your session has ended';
    default:
      return 'The request failed';
  }
}

/** The message of a failed call, in words: the API's own detail (it names the rule that refused). */
export function problemMessage(problem: ProblemView): string {
  if (problem.code === 'UNAUTHENTICATED') return 'Sign in again to continue.';
  return problem.detail;
}

export function ProblemAlert({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const problem = problemOf(error);
  return (
    <Alert color="red" role="alert" title={title ?? problemTitle(problem)}>
      {problemMessage(problem)}
      {onRetry && (
        <Group mt="xs">
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}

export function notifySuccess(title: string, message?: string) {
  notifications.show({ color: 'green', title, message: message ?? '', withBorder: true });
}

export function notifyFailure(error: unknown) {
  const problem = problemOf(error);
  notifications.show({
    color: 'red',
    title: problemTitle(problem),
    message: problemMessage(problem),
    withBorder: true,
    autoClose: 10_000,
  });
}
