'use client';
// Who owns the incident (assign to me, to a user, unassign) and notes on its timeline. Each call
// settles the page (use-incident.ts) so that the header, fields and timeline show the change at once.
import { Alert, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { useFormFailure } from '@/components/ui/form-modal';
import { ProblemAlert } from '@/components/ui/problem';
import { NOTE_MAX_LENGTH } from '@/domain/incidents';
import type { IncidentView } from '@/server/schemas/incidents';

type Settle = (updated?: IncidentView) => Promise<void>;

export function AssigneeCard({ incident, settle }: { incident: IncidentView; settle: Settle }) {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const assign = useMutation(trpc.incidents.assign.mutationOptions());
  const [other, setOther] = useState('');
  const [usernameError, setUsernameError] = useState<string | null>(null);
  // The service's refusal in its own words, as the resolve form and the administration's forms show it: a
  // field error under the field (the typed username is the only field, so any field error is about it),
  // anything else (no permission, an incident gone) below the form.
  const failure = useFormFailure({
    setErrors: (errors) => setUsernameError(errors.username ?? Object.values(errors)[0] ?? null),
  });
  const username = me.data?.username;

  const assignTo = async (target: string | null) => {
    failure.clear();
    setUsernameError(null);
    try {
      const updated = await assign.mutateAsync({ id: incident.id, username: target });
      setOther('');
      await settle(updated);
      notifications.show({
        color: 'indigo',
        message: updated.assignee ? `Assigned to ${updated.assignee}` : 'Unassigned',
      });
    } catch (error) {
      failure.show(error);
      void settle();
    }
  };
  // Enter in the field submits the form (its Assign button is the form's default button). A press while a
  // previous assignment is under way is ignored: that assignment's answer is shown when it settles.
  const submitOther = (e: FormEvent) => {
    e.preventDefault();
    const target = other.trim();
    if (!target) {
      setUsernameError('Type a username to assign the incident to');
      return;
    }
    if (!assign.isPending) void assignTo(target);
  };

  return (
    <Card withBorder component="section" aria-labelledby="assignee-heading">
      <Title order={2} size="h4" id="assignee-heading" mb="xs">
        Assignee
      </Title>
      <Stack gap="xs">
        <Text size="sm" data-testid="assignee">
          {incident.assignee ?? (
            <Text span c="dimmed" inherit>
              Nobody
            </Text>
          )}
        </Text>
        <Group gap="xs">
          {username && incident.assignee !== username && (
            <Button size="xs" loading={assign.isPending} onClick={() => assignTo(username)}>
              Assign to me
            </Button>
          )}
          {incident.assignee && (
            <Button size="xs" variant="default" loading={assign.isPending} onClick={() => assignTo(null)}>
              Unassign
            </Button>
          )}
        </Group>
        <form onSubmit={submitOther} aria-label="Assign to a user">
          <Group gap="xs" align="flex-end">
            <TextInput
              size="xs"
              label="Assign to a user"
              placeholder="Username"
              value={other}
              onChange={(e) => {
                setOther(e.currentTarget.value);
                setUsernameError(null);
              }}
              error={usernameError}
              autoComplete="off"
              enterKeyHint="send"
              maxLength={200}
              style={{ flex: 1 }}
            />
            {/* Never disabled: a disabled default button would make Enter in the field do nothing. */}
            <Button size="xs" type="submit" variant="light" loading={assign.isPending}>
              Assign
            </Button>
          </Group>
        </form>
        {failure.failure ? <ProblemAlert error={failure.failure} title="Could not assign" /> : null}
      </Stack>
    </Card>
  );
}

/** Adds a note to the timeline; Ctrl+Enter (or Cmd+Enter) submits. */
export function NoteForm({ incidentId, settle }: { incidentId: number; settle: Settle }) {
  const trpc = useTRPC();
  const addNote = useMutation(trpc.incidents.addNote.mutationOptions());
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim() || addNote.isPending) return;
    setProblem(null);
    try {
      const updated = await addNote.mutateAsync({ id: incidentId, text });
      setText('');
      await settle(updated);
    } catch (error) {
      setProblem(problemOf(error).detail);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
  };

  return (
    <form onSubmit={submit} aria-label="Add a note">
      <Stack gap="xs">
        <Textarea
          label="Add a note"
          description="For your colleagues: what you tried, who you called"
          autosize
          minRows={2}
          maxRows={8}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={text.length > NOTE_MAX_LENGTH ? `At most ${NOTE_MAX_LENGTH} characters` : undefined}
          aria-keyshortcuts="Control+Enter"
        />
        {problem && (
          <Alert color="red" role="alert" title="Could not add the note">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            size="xs"
            variant="light"
            loading={addNote.isPending}
            disabled={!text.trim() || text.length > NOTE_MAX_LENGTH}
          >
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
