'use client';
// The board's saved views (docs/contract.md §6, "Saved views"): a menu that opens one (yours, then the shared
// ones), saves the current view under a name, and deletes one of yours. "Assigned to me" is saved as such: it
// opens as assigned to whoever opens it.
import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Popover,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { ProblemAlert } from '@/components/ui/problem';
import type { SavedView } from '@/server/schemas/views';
import { searchOf, type BoardView } from './board-view';

/** Where a saved view opens, for `username`: its search, with their own name when it means "mine". */
export function hrefOf(view: Pick<SavedView, 'search' | 'mine'>, username: string | undefined): string {
  const params = new URLSearchParams(view.search);
  if (view.mine && username) params.set('assignee', username);
  const search = params.toString().replace(/%2C/gi, ',');
  return `/incidents${search ? `?${search}` : ''}`;
}

/** The current view as a saved one keeps it: no page, and "assigned to me" as `mine`. */
export function savedOf(view: BoardView, username: string | undefined) {
  const mine = !!username && view.assignee === username;
  const search = searchOf({ ...view, page: 1, assignee: mine ? '' : view.assignee }).replace(/^\?/, '');
  return { search, mine };
}

export function SavedViewsMenu({ view, username }: { view: BoardView; username: string | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const views = useQuery(trpc.views.list.queryOptions({}));
  const [dialog, setDialog] = useState<'save' | 'delete' | null>(null);
  const [open, setOpen] = useState(false);
  const choose = (which: 'save' | 'delete') => {
    setOpen(false);
    setDialog(which);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.views.list.queryKey() });
  const yours = (views.data ?? []).filter((v) => v.yours);
  const shared = (views.data ?? []).filter((v) => !v.yours);

  return (
    <>
      {/* A disclosure, not an ARIA menu: Mantine's Menu puts a focus sentinel (role presentation, with a
          tabindex) inside role=menu, which fails axe's aria-required-children. Links and buttons, in tab order. */}
      <Popover position="bottom-end" withinPortal opened={open} onChange={setOpen}>
        <Popover.Target>
          <Button variant="default" size="compact-sm" onClick={() => setOpen((o) => !o)}>
            Views
          </Button>
        </Popover.Target>
        <Popover.Dropdown p="xs">
          <Stack gap={4} miw={220} maw={320}>
            {views.isError && (
              <Text size="sm" c="red">
                {problemOf(views.error).detail}
              </Text>
            )}
            <ViewLinks
              title="Your views"
              views={yours}
              username={username}
              label={(v) => v.name + (v.shared ? ' (shared)' : '')}
              onPick={() => setOpen(false)}
            />
            <ViewLinks
              title="Shared"
              views={shared}
              username={username}
              label={(v) => `${v.name} · ${v.owner}`}
              onPick={() => setOpen(false)}
            />
            {views.isSuccess && !views.data.length && (
              <Text size="sm" c="dimmed">
                No saved views yet.
              </Text>
            )}
            <Divider my={4} />
            <Button variant="subtle" size="compact-sm" justify="flex-start" onClick={() => choose('save')}>
              Save this view…
            </Button>
            {yours.length > 0 && (
              <Button
                variant="subtle"
                size="compact-sm"
                justify="flex-start"
                onClick={() => choose('delete')}
              >
                Delete one of yours…
              </Button>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <SaveViewDialog
        opened={dialog === 'save'}
        onClose={() => setDialog(null)}
        saved={savedOf(view, username)}
        onSaved={refresh}
      />
      <DeleteViewDialog
        opened={dialog === 'delete'}
        onClose={() => setDialog(null)}
        views={yours}
        onDeleted={refresh}
      />
    </>
  );
}

function ViewLinks({
  title,
  views,
  username,
  label,
  onPick,
}: {
  title: string;
  views: SavedView[];
  username: string | undefined;
  label: (view: SavedView) => string;
  /** A view was chosen: the popover closes as the board moves to it. */
  onPick: () => void;
}) {
  if (!views.length) return null;
  return (
    <nav aria-label={title}>
      <Text size="xs" c="dimmed" fw={500} mt={4}>
        {title}
      </Text>
      <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {views.map((v) => (
          <li key={v.id}>
            <Anchor
              component={Link}
              href={hrefOf(v, username)}
              onClick={onPick}
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {label(v)}
            </Anchor>
          </li>
        ))}
      </Stack>
    </nav>
  );
}

function SaveViewDialog({
  opened,
  onClose,
  saved,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  saved: { search: string; mine: boolean };
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const create = useMutation(trpc.views.create.mutationOptions());
  const nameError = create.error
    ? problemOf(create.error).errors?.find((e) => e.field === 'name')?.message
    : undefined;
  const save = async () => {
    try {
      const view = await create.mutateAsync({ name, shared, ...saved });
      notifications.show({ color: 'blue', message: `View “${view.name}” saved` });
      onSaved();
      setName('');
      create.reset();
      onClose();
    } catch {
      // Shown in the dialog.
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Save this view"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            required
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            data-autofocus
          />
          <Text size="sm" c="dimmed">
            {saved.search
              ? `Keeps: ${decodeURIComponent(saved.search)}`
              : 'Keeps: every incident, newest first'}
            {saved.mine ? ' · assigned to whoever opens it' : ''}
          </Text>
          <Checkbox
            label="Shared with everyone who sees the board"
            checked={shared}
            onChange={(e) => setShared(e.currentTarget.checked)}
          />
          {create.error && !nameError ? <ProblemAlert error={create.error} title="Could not save" /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteViewDialog({
  opened,
  onClose,
  views,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  views: SavedView[];
  onDeleted: () => void;
}) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.views.delete.mutationOptions({ onSuccess: onDeleted }));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Delete a view"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="xs">
        {views.length === 0 && <Text size="sm">You have no saved views.</Text>}
        {views.map((v) => (
          <Group key={v.id} justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {v.name}
            </Text>
            <Button
              size="compact-sm"
              color="red"
              variant="light"
              aria-label={`Delete the view ${v.name}`}
              loading={remove.isPending && remove.variables?.id === v.id}
              onClick={() => remove.mutate({ id: v.id })}
            >
              Delete
            </Button>
          </Group>
        ))}
        {remove.error ? <ProblemAlert error={remove.error} title="Could not delete" /> : null}
      </Stack>
    </Modal>
  );
}
