'use client';
// Console sessions: your own (the account page) or, for an administrator, a user's (the user's page). Each
// row names the browser, the address, the sign-in and the last request; a session ends at once, after a
// confirmation, on every instance.
import { Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { plural } from '@/components/admin/format';
import { RelativeTime, useNow } from '@/components/incidents/relative-time';
import { useTRPC } from '@/components/trpc';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifySuccess } from '@/components/ui/problem';
import { QueryTable } from '@/components/ui/query-table';
import type { SessionView } from '@/server/schemas/sessions';

/** An IPv4 client as people write it: a dual-stack server sees 203.0.113.7 as ::ffff:203.0.113.7. */
const addressInWords = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

/** What the card asks for and ends: the caller's own sessions, or those of `user` (administrators). */
function useSessionOperations(user: { id: number } | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const own = !user;
  const ownList = useQuery({ ...trpc.auth.listSessions.queryOptions({}), enabled: own });
  const userList = useQuery({
    ...trpc.admin.listUserSessions.queryOptions({ id: user?.id ?? 0 }),
    enabled: !own,
  });
  const endOwn = useMutation(trpc.auth.revokeSession.mutationOptions());
  const endUsers = useMutation(trpc.admin.revokeUserSession.mutationOptions());
  const endOthers = useMutation(trpc.auth.revokeOtherSessions.mutationOptions());
  const endAllOfUser = useMutation(trpc.admin.revokeUserSessions.mutationOptions());
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.auth.listSessions.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }),
    ]);
  const one = own ? endOwn : endUsers;
  const all = own ? endOthers : endAllOfUser;
  return {
    list: own ? ownList : userList,
    endOne: {
      isPending: one.isPending,
      error: one.error,
      reset: one.reset,
      run: (sessionId: string, onSuccess: () => void) =>
        user
          ? endUsers.mutate({ id: user.id, sessionId }, { onSuccess })
          : endOwn.mutate({ sessionId }, { onSuccess }),
    },
    endAll: {
      isPending: all.isPending,
      error: all.error,
      reset: all.reset,
      run: (onSuccess: (answer: { ended: number }) => void) =>
        user ? endAllOfUser.mutate({ id: user.id }, { onSuccess }) : endOthers.mutate({}, { onSuccess }),
    },
    refresh,
  };
}

export function SessionsCard({ user }: { user?: { id: number; username: string } }) {
  const { list, endOne, endAll, refresh } = useSessionOperations(user);
  const now = useNow(30_000);
  const [ending, setEnding] = useState<SessionView | null>(null);
  const [endOpen, endModal] = useDisclosure(false);
  const [endAllOpen, endAllModal] = useDisclosure(false);
  const sessions: SessionView[] = list.data ?? [];
  const others = sessions.filter((s) => !s.current);
  // An administrator on another user's page ends all of them; you end all but the one you are using.
  const allLabel = user ? 'End all sessions' : 'End all other sessions';
  const whose = user ? user.username : 'you';

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sessions-title">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="sessions-title">
              Sessions
            </Title>
            <Text size="sm" c="dimmed">
              {user
                ? `Where ${user.username} is signed in to the console. Ending a session signs it out at once.`
                : 'Where you are signed in to the console. Ending a session signs it out at once.'}
            </Text>
          </div>
          <Button
            variant="light"
            color="red"
            disabled={!(user ? sessions.length : others.length)}
            onClick={() => {
              endAll.reset();
              endAllModal.open();
            }}
          >
            {allLabel}
          </Button>
        </Group>
        <QueryTable<SessionView>
          query={list}
          loadingLabel="Loading sessions"
          skeletonRows={2}
          framed={false}
          aria-label="Sessions"
          withTableBorder
          borderRadius="sm"
          records={sessions}
          idAccessor="id"
          noRecordsText="No sessions"
          phoneFirst={['browser', 'actions']}
          columns={[
            {
              accessor: 'browser',
              title: 'Browser',
              render: (s) => (
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {s.browser}
                  </Text>
                  {s.current && (
                    <Badge color="teal" variant="light" size="sm" tt="none">
                      This session
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'address',
              title: 'Address',
              render: (s) =>
                s.address ? (
                  addressInWords(s.address)
                ) : (
                  <Text span size="sm" c="dimmed">
                    Unknown
                  </Text>
                ),
            },
            {
              accessor: 'createdAt',
              title: 'Started',
              render: (s) => <RelativeTime value={s.createdAt} now={now} size="sm" />,
            },
            {
              accessor: 'lastSeenAt',
              title: 'Last seen',
              render: (s) => <RelativeTime value={s.lastSeenAt} now={now} size="sm" />,
            },
            {
              accessor: 'actions',
              title: <VisuallyHidden>Actions</VisuallyHidden>,
              textAlign: 'right',
              width: 100,
              render: (s) =>
                s.current ? null : (
                  <Button
                    size="xs"
                    color="red"
                    variant="subtle"
                    aria-label={`End the session of ${s.browser}, from ${s.address ? addressInWords(s.address) : 'an unknown address'}`}
                    onClick={() => {
                      endOne.reset();
                      setEnding(s);
                      endModal.open();
                    }}
                  >
                    End
                  </Button>
                ),
            },
          ]}
        />
      </Stack>

      <ConfirmDialog
        opened={endOpen}
        onClose={endModal.close}
        title="End this session?"
        confirmLabel="End session"
        loading={endOne.isPending}
        error={endOne.error}
        onConfirm={() => {
          if (!ending) return;
          endOne.run(ending.id, () => {
            void refresh();
            notifySuccess('Session ended', `${ending.browser} is signed out.`);
            endModal.close();
          });
        }}
      >
        <Text size="sm">
          <b>{ending?.browser}</b>
          {ending?.address ? ` from ${addressInWords(ending.address)}` : ''} is signed out at once: its next
          action goes to the sign-in page.
        </Text>
      </ConfirmDialog>

      <ConfirmDialog
        opened={endAllOpen}
        onClose={endAllModal.close}
        title={user ? `End all sessions of ${user.username}?` : 'End all other sessions?'}
        confirmLabel={allLabel}
        loading={endAll.isPending}
        error={endAll.error}
        onConfirm={() => {
          endAll.run(({ ended }) => {
            endAllModal.close();
            // Your own session was among them (an administrator on their own page): sign in again.
            if (user && sessions.some((s) => s.current)) {
              window.location.reload();
              return;
            }
            void refresh();
            notifySuccess('Sessions ended', `${plural(ended, 'session')} signed out.`);
          });
        }}
      >
        <Text size="sm">
          {user
            ? `Every console session of ${whose} is signed out at once (${plural(sessions.length, 'session')}).`
            : `Every other console session of yours is signed out at once (${plural(others.length, 'session')}); this one stays signed in.`}
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
