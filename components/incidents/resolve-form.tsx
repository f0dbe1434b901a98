'use client';
// The resolution form of one incident or many: validated with the server's ResolveRequest schema, server field
// errors shown beside the same fields, any other refusal in words above the buttons.
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState, type ReactNode } from 'react';
import { problemOf, showFieldErrors, zodValidate } from '@/components/forms/zod-form';
import { submitOnCtrlEnter } from '@/components/ui/discard-guard';
import { ResolveRequest } from '@/server/schemas/incidents';
import { RESOLUTION_ACTIONS, RESOLUTION_LABEL, optionsOf, type ResolutionAction } from './labels';

export const NOTE_MAX = 4000;

export interface ResolveValues {
  resolutionAction: ResolutionAction | null;
  resolutionNote: string;
}

/** The request body of a resolve: blank fields left out, so the server keeps its own defaults. */
export function resolveRequestOf(values: ResolveValues) {
  return {
    resolutionAction: values.resolutionAction ?? undefined,
    resolutionNote: values.resolutionNote.trim() ? values.resolutionNote : undefined,
  };
}

const validateRequest = zodValidate(ResolveRequest);

export function ResolveForm({
  intro,
  submitLabel,
  onSubmit,
  onCancel,
  initialAction = null,
  onDirtyChange,
}: {
  /** Told whether anything was typed or chosen, so that the dialog can ask before Escape discards it. */
  onDirtyChange?: (dirty: boolean) => void;
  intro?: ReactNode;
  submitLabel: string;
  /** Rejects with the tRPC error when the server refuses. */
  onSubmit: (request: ReturnType<typeof resolveRequestOf>) => Promise<unknown>;
  onCancel: () => void;
  initialAction?: ResolutionAction | null;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<ResolveValues>({
    mode: 'controlled',
    initialValues: { resolutionAction: initialAction, resolutionNote: '' },
    validate: (values) => validateRequest(resolveRequestOf(values)),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit(resolveRequestOf(values));
    } catch (error) {
      // Field problems show beside their fields; anything else (e.g. 409, already resolved) in words here.
      if (!showFieldErrors(form, error)) setProblem(problemOf(error).detail);
    } finally {
      setBusy(false);
    }
  });

  const dirty = form.values.resolutionNote.trim() !== '' || form.values.resolutionAction !== initialAction;
  useEffect(() => onDirtyChange?.(dirty), [dirty]);

  const noteLength = form.values.resolutionNote.length;
  return (
    <form onSubmit={submit} onKeyDown={submitOnCtrlEnter} aria-label="Resolve" noValidate>
      <Stack>
        {intro}
        <Select
          label="Resolution action"
          description="How was it resolved?"
          placeholder="Choose an action (optional)"
          data={optionsOf(RESOLUTION_ACTIONS, RESOLUTION_LABEL)}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear resolution action' }}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('resolutionAction')}
        />
        <Textarea
          label="Resolution note"
          description="What was done, for whoever meets this again"
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('resolutionNote')}
        />
        <Text size="xs" c={noteLength > NOTE_MAX ? 'red' : 'dimmed'} ta="right" mt={-10} aria-live="polite">
          {noteLength} / {NOTE_MAX} characters
        </Text>
        {problem && (
          <Alert color="red" role="alert" title="Could not resolve">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="green" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
