'use client';
// A principal's page (/admin/users/{id}, /admin/service-accounts/{id}): its states while it loads, is
// refused or is unknown, then its name and status, its cards beside its effective permissions with their
// sources, its API tokens and its deletion. What differs between the kinds comes as props (user-detail.tsx,
// service-account-detail.tsx).
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifySuccess, ProblemAlert } from '@/components/ui/problem';
import type { GroupView } from '@/server/schemas/admin';
import { ApiTokensCard } from './api-tokens-card';
import { EffectivePermissions } from './effective-permissions';
import type { AccessForm, AccessValues } from './principal-access-card';
import type { PrincipalKindLabels } from './principal-kinds';
import { EnabledBadge } from './principals-page';
import { useInvalidateAdmin } from './queries';

/** What every principal's page shows of it. */
export interface PrincipalOnPage {
  id: number;
  enabled: boolean;
  groups: string[];
  permissions: string[];
  effectivePermissions: string[];
}

/** An unknown principal is an answer, not a failure to retry. */
export const retryUnlessUnknown = (failures: number, error: unknown) =>
  problemOf(error).status !== 404 && failures < 1;

/**
 * The page of principal `id` of a kind: `query` is the kind's get operation, `loaded` draws the page once
 * it has answered, with the groups (for the access form) and the breadcrumbs.
 */
export function PrincipalDetail<P>({
  id,
  kind,
  query,
  nameOf,
  loaded,
}: {
  id: number;
  kind: PrincipalKindLabels;
  query: UseQueryResult<P, unknown>;
  nameOf: (principal: P) => string;
  loaded: (principal: P, groups: GroupView[], crumbs: ReactNode) => ReactNode;
}) {
  const trpc = useTRPC();
  const groups = useQuery(trpc.admin.listGroups.queryOptions({}));
  const principal = query.data;
  const unknown = query.isError && problemOf(query.error).status === 404;

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} href={kind.path} size="sm">
        {kind.title}
      </Anchor>
      <Text size="sm">{principal ? nameOf(principal) : query.isLoading ? '…' : `#${id}`}</Text>
    </Breadcrumbs>
  );

  if (query.isError && !query.data && !unknown)
    return (
      <Stack>
        {crumbs}
        <ProblemAlert error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  if (query.isLoading)
    return (
      <Stack aria-busy="true" aria-label={`Loading ${kind.noun}`}>
        {crumbs}
        <Skeleton h={36} w={260} />
        <Grid>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Skeleton h={320} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Skeleton h={320} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  if (!principal)
    return (
      <Stack>
        {crumbs}
        <Alert color="gray" title={`${kind.Noun} not found`} role="alert">
          There is no {kind.noun} with id {id}; {kind.pronoun} may have been deleted.{' '}
          <Anchor component={Link} href={kind.path}>
            Back to {kind.nounPlural}
          </Anchor>
        </Alert>
      </Stack>
    );

  return loaded(principal, groups.data ?? [], crumbs);
}

/** What the page needs of the kind's delete mutation. */
export interface Deleting {
  mutate: (input: { id: number }, callbacks: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/** A loaded principal's page: header, cards, effective permissions, API tokens, deletion. */
export function PrincipalPage<V extends AccessValues>({
  kind,
  principal,
  name,
  crumbs,
  groups,
  access,
  badges,
  actions,
  subtitle,
  cards,
  effective,
  tokenOwner,
  children,
  remove,
  deleteText,
}: {
  kind: PrincipalKindLabels;
  principal: PrincipalOnPage;
  name: string;
  crumbs: ReactNode;
  groups: GroupView[];
  /** The access form: its unsaved values are what the effective permissions show. */
  access: AccessForm<V>;
  /** Beside the status badge. */
  badges?: ReactNode;
  /** Before "Delete …". */
  actions?: ReactNode;
  /** Under the name. */
  subtitle?: ReactNode;
  /** The column beside the effective permissions. */
  cards: ReactNode;
  effective: { description: string; nothing?: string; groupsFromProvider?: boolean };
  tokenOwner: 'person' | 'service';
  /** After the API tokens: more cards, the kind's own dialogs. */
  children?: ReactNode;
  remove: Deleting;
  /** The deletion's consequences, in the kind's words. */
  deleteText: ReactNode;
}) {
  const router = useRouter();
  const invalidate = useInvalidateAdmin();
  const [deleting, deleteModal] = useDisclosure(false);
  const { form, dirty } = access;

  return (
    <Stack>
      <Stack gap={4}>
        {crumbs}
        <Group justify="space-between" align="flex-end">
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              {name}
            </Title>
            <EnabledBadge enabled={principal.enabled} />
            {badges}
          </Group>
          <Group gap="xs">
            {actions}
            <Button
              color="red"
              variant="outline"
              onClick={() => {
                remove.reset();
                deleteModal.open();
              }}
            >
              Delete {kind.noun}…
            </Button>
          </Group>
        </Group>
        {subtitle}
      </Stack>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>{cards}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="effective-title">
            <Stack gap="xs">
              <div>
                <Title order={2} size="h4" id="effective-title">
                  Effective permissions
                </Title>
                <Text size="sm" c="dimmed">
                  {effective.description}
                </Text>
              </div>
              <EffectivePermissions
                direct={dirty ? form.values.permissionCodes : principal.permissions}
                groupCodes={
                  dirty
                    ? groups.filter((g) => form.values.groupIds.includes(String(g.id))).map((g) => g.code)
                    : principal.groups
                }
                groups={groups}
                saved={principal.effectivePermissions}
                groupsFromProvider={effective.groupsFromProvider}
                nothing={effective.nothing}
              />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      <ApiTokensCard owner={{ kind: tokenOwner, id: principal.id, name, enabled: principal.enabled }} />

      {children}

      <ConfirmDialog
        opened={deleting}
        onClose={deleteModal.close}
        title={`Delete ${name}?`}
        confirmLabel={`Delete ${kind.noun}`}
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(
            { id: principal.id },
            {
              onSuccess: () => {
                void invalidate();
                notifySuccess(`${kind.Noun} deleted`, `${name} has been deleted.`);
                router.push(kind.path);
              },
            },
          )
        }
      >
        <Text size="sm">{deleteText}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
