'use client';
// The lifecycle actions of the incident page: acknowledge and unacknowledge at once (each undoes the other),
// and waking a snoozed incident; resolve, reopen, retry and snooze through a dialog, which stays open with the
// refusal in it when the call fails.
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import type { IncidentView } from '@/server/schemas/incidents';
import type { resolveRequestOf } from './resolve-form';
import type { RetryCorrection } from './retry-dialog';
import type { SnoozeRequest } from './snooze';

export type IncidentDialog = 'resolve' | 'reopen' | 'retry' | 'snooze';
type ResolveRequest = ReturnType<typeof resolveRequestOf>;

export function useIncidentActions(id: number, settle: (updated?: IncidentView) => Promise<void>) {
  const trpc = useTRPC();
  const [dialog, setDialog] = useState<IncidentDialog | null>(null);
  const [dialogError, setDialogError] = useState<unknown>(null);
  const [retriedHere, setRetriedHere] = useState(false);

  /** What an action done at once says, as it succeeds or fails. */
  const immediately = (done: string, verb: string) => ({
    onSuccess: async (updated: IncidentView) => {
      await settle(updated);
      notifications.show({ color: 'blue', message: `Incident ${id} ${done}` });
    },
    onError: (error: unknown) => {
      notifications.show({
        color: 'red',
        title: `Could not ${verb} incident ${id}`,
        message: problemOf(error).detail,
      });
      void settle();
    },
  });
  const acknowledge = useMutation(
    trpc.incidents.acknowledge.mutationOptions(immediately('acknowledged', 'acknowledge')),
  );
  const unacknowledge = useMutation(
    trpc.incidents.unacknowledge.mutationOptions(immediately('unacknowledged', 'unacknowledge')),
  );
  const wake = useMutation(trpc.incidents.wake.mutationOptions(immediately('awake again', 'wake')));
  const snooze = useMutation(trpc.incidents.snooze.mutationOptions());
  const resolve = useMutation(trpc.incidents.resolve.mutationOptions());
  const reopen = useMutation(trpc.incidents.reopen.mutationOptions());
  const retry = useMutation(trpc.incidents.retry.mutationOptions());

  const openDialog = (which: IncidentDialog) => {
    setDialogError(null);
    setDialog(which);
  };
  const closeDialog = () => setDialog(null);

  /** Resolve: the form shows a refusal itself, beside its fields, so the error goes back to it. */
  const confirmResolve = async (request: ResolveRequest) => {
    try {
      const updated = await resolve.mutateAsync({ id, ...request });
      setDialog(null);
      await settle(updated);
      notifications.show({ color: 'green', message: `Incident ${id} resolved` });
    } catch (error) {
      void settle();
      throw error;
    }
  };
  const confirmReopen = async () => {
    try {
      const updated = await reopen.mutateAsync({ id });
      setDialog(null);
      await settle(updated);
      notifications.show({ color: 'red', message: `Incident ${id} reopened` });
    } catch (error) {
      setDialogError(error);
      void settle();
    }
  };
  const confirmSnooze = async (request: SnoozeRequest) => {
    try {
      const updated = await snooze.mutateAsync({ id, ...request });
      setDialog(null);
      await settle(updated);
      notifications.show({ color: 'blue', message: `Incident ${id} snoozed` });
    } catch (error) {
      setDialogError(error);
      void settle();
    }
  };
  const confirmRetry = async (correction: RetryCorrection) => {
    try {
      const updated = await retry.mutateAsync({ id, ...correction });
      setDialog(null);
      setRetriedHere(true);
      await settle(updated);
    } catch (error) {
      // NOT_RETRYABLE says which condition failed, e.g. "Worker request 17 is PENDING, not FAILED".
      setDialogError(error);
      void settle();
    }
  };

  return {
    acknowledge: { run: () => acknowledge.mutate({ id }), busy: acknowledge.isPending },
    unacknowledge: { run: () => unacknowledge.mutate({ id }), busy: unacknowledge.isPending },
    wake: { run: () => wake.mutate({ id }), busy: wake.isPending },
    confirmSnooze,
    snoozing: snooze.isPending,
    dialog,
    dialogError,
    openDialog,
    closeDialog,
    confirmResolve,
    confirmReopen,
    reopening: reopen.isPending,
    confirmRetry,
    retrying: retry.isPending,
    /** A retry was requested from this page: its outcome is shown here when the worker reports. */
    retriedHere,
    dismissOutcome: () => setRetriedHere(false),
  };
}

export type IncidentActions = ReturnType<typeof useIncidentActions>;
