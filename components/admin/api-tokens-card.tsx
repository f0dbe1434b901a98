'use client';
// The API tokens of a user or a service account: listed without secrets, created with the secret shown once,
// revoked with confirmation.
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { zodValidate } from '@/components/forms/zod-form';
import { serviceInstant } from '@/components/service-time';
import { useTRPC } from '@/components/trpc';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PHONE_CARDS_CLASS, withPhoneLabels } from '@/components/ui/query-table';
import { FormModal, useFormFailure } from '@/components/ui/form-modal';
import { notifySuccess, ProblemAlert } from '@/components/ui/problem';
import { CreateApiTokenRequest, DEFAULT_API_TOKEN_DAYS } from '@/server/schemas/admin';
import { TOKEN_SCOPE_DESCRIPTIONS, TOKEN_SCOPES, type TokenScope } from '@/domain/token-scopes';
import { RateLimitInput, rateLimitLabel, rateLimitOf, type RateLimitValue } from './rate-limit-input';
import { formatDateTime, toApiLocalDateTime } from './format';
import { useInvalidateAdmin } from './queries';

type TokenRow = {
  id: number;
  active: boolean;
  name: string;
  scope: TokenScope;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  rateLimitPerMinute: number | null;
};

const SCOPE_LABELS: Record<TokenScope, string> = {
  READ_ONLY: 'Read only',
  INCIDENTS: 'Incidents',
  WORKER: 'Engine and worker protocol',
  METRICS: 'Metrics',
  FULL: 'Full',
};

/** Whose tokens: a person (the users operations) or a service account (its own operations). */
export interface TokenOwner {
  kind: 'person' | 'service';
  id: number;
  name: string;
  enabled: boolean;
}

/** The owner's token list: each kind has its operation, asked only for the owner's kind. */
function useOwnerTokens(owner: TokenOwner) {
  const trpc = useTRPC();
  const ofPerson = useQuery({
    ...trpc.admin.listApiTokens.queryOptions({ id: owner.id }),
    enabled: owner.kind === 'person',
  });
  const ofService = useQuery({
    ...trpc.admin.listServiceAccountTokens.queryOptions({ id: owner.id }),
    enabled: owner.kind === 'service',
  });
  return owner.kind === 'person' ? ofPerson : ofService;
}

/** Creates a token for the owner through the operation of its kind. */
function useCreateOwnerToken(owner: TokenOwner) {
  const trpc = useTRPC();
  const ofPerson = useMutation(trpc.admin.createApiToken.mutationOptions());
  const ofService = useMutation(trpc.admin.createServiceAccountToken.mutationOptions());
  return owner.kind === 'person' ? ofPerson : ofService;
}

function isExpired(expiresAt: string | null): boolean {
  const at = expiresAt ? serviceInstant(expiresAt) : null;
  return !!at && at.getTime() < Date.now();
}

export function ApiTokensCard({ owner }: { owner: TokenOwner }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateAdmin();
  const tokens = useOwnerTokens(owner);
  const whose = owner.kind === 'person' ? "the user's" : "the service account's";
  const [creating, createModal] = useDisclosure(false);
  const [revoking, setRevoking] = useState<TokenRow | null>(null);
  const [revokeOpen, revokeModal] = useDisclosure(false);
  const revoke = useMutation(trpc.admin.revokeApiToken.mutationOptions());
  const records = tokens.data ?? [];

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="api-tokens-title">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="api-tokens-title">
              API tokens
            </Title>
            <Text size="sm" c="dimmed">
              For external systems that call the REST API as {owner.name}: each within its scope, and never
              beyond {whose} current permissions.
            </Text>
          </div>
          <Button variant="light" onClick={createModal.open}>
            Create API token
          </Button>
        </Group>
        {!owner.enabled && (
          <Alert color="gray" variant="light">
            This account is disabled: none of its tokens work.
          </Alert>
        )}
        {tokens.isError ? (
          <ProblemAlert error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : (
          <DataTable
            aria-label="API tokens"
            className={PHONE_CARDS_CLASS}
            withTableBorder
            borderRadius="sm"
            minHeight={records.length ? undefined : 150}
            fetching={tokens.isLoading}
            records={records}
            noRecordsText="No API tokens"
            columns={withPhoneLabels<TokenRow>(
              [
                {
                  accessor: 'name',
                  title: 'Name',
                  render: (t) => (
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {t.name}
                      </Text>
                      {!t.active && (
                        <Tooltip
                          label={
                            owner.kind === 'person'
                              ? 'It no longer authenticates: the user was disabled, had the password reset, or it expired'
                              : 'It no longer authenticates: the service account was disabled, or it expired'
                          }
                        >
                          <Badge color="gray" variant="light" size="sm">
                            Inactive
                          </Badge>
                        </Tooltip>
                      )}
                    </Group>
                  ),
                },
                {
                  accessor: 'scope',
                  title: 'Scope',
                  render: (t) => (
                    <Tooltip label={TOKEN_SCOPE_DESCRIPTIONS[t.scope]}>
                      <Badge
                        variant="light"
                        color={t.scope === 'FULL' ? 'orange' : 'blue'}
                        tt="none"
                        radius="sm"
                      >
                        {SCOPE_LABELS[t.scope]}
                      </Badge>
                    </Tooltip>
                  ),
                },
                {
                  accessor: 'rateLimitPerMinute',
                  title: 'Rate limit',
                  render: (t) => (
                    <Text size="sm" c={t.rateLimitPerMinute === null ? 'dimmed' : undefined}>
                      {rateLimitLabel(
                        t.rateLimitPerMinute,
                        owner.kind === 'person' ? 'Default' : "The account's",
                      )}
                    </Text>
                  ),
                },
                { accessor: 'createdAt', title: 'Created', render: (t) => formatDateTime(t.createdAt) },
                {
                  accessor: 'expiresAt',
                  title: 'Expires',
                  render: (t) =>
                    t.expiresAt ? (
                      <Group gap={6} wrap="nowrap">
                        <span>{formatDateTime(t.expiresAt)}</span>
                        {isExpired(t.expiresAt) && (
                          <Badge size="xs" color="red" variant="light">
                            expired
                          </Badge>
                        )}
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Never
                      </Text>
                    ),
                },
                {
                  accessor: 'lastUsedAt',
                  title: 'Last used',
                  render: (t) => formatDateTime(t.lastUsedAt, 'Never'),
                },
                {
                  accessor: 'actions',
                  title: <VisuallyHidden>Actions</VisuallyHidden>,
                  textAlign: 'right',
                  width: 110,
                  render: (t) => (
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      aria-label={`Revoke token ${t.name}`}
                      onClick={() => {
                        revoke.reset();
                        setRevoking(t);
                        revokeModal.open();
                      }}
                    >
                      Revoke
                    </Button>
                  ),
                },
              ],
              ['name', 'actions'],
            )}
          />
        )}
      </Stack>

      <CreateTokenModal owner={owner} opened={creating} onClose={createModal.close} />
      <ConfirmDialog
        opened={revokeOpen}
        onClose={revokeModal.close}
        title={`Revoke the token “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke token"
        loading={revoke.isPending}
        error={revoke.error}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(
            { tokenId: revoking.id },
            {
              onSuccess: () => {
                void invalidate();
                notifySuccess('Token revoked', `“${revoking.name}” no longer works.`);
                revokeModal.close();
              },
            },
          );
        }}
      >
        <Text size="sm">
          Every system using this token of <b>{owner.name}</b> gets <code>401</code> from now on. This cannot
          be undone; create a new token if it is still needed.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}

type CreateValues = {
  name: string;
  scope: TokenScope;
  expiresAt: string | null;
  rateLimitPerMinute: RateLimitValue;
};

const freshValues = (): CreateValues => ({
  name: '',
  scope: 'READ_ONLY',
  expiresAt: pickerValue(DEFAULT_API_TOKEN_DAYS),
  rateLimitPerMinute: '',
});

const toRequest = (v: CreateValues) => ({
  name: v.name.trim(),
  scope: v.scope,
  expiresAt: expiryOf(v.expiresAt),
  rateLimitPerMinute: rateLimitOf(v.rateLimitPerMinute),
});

const pickerValue = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD HH:mm:ss');
/** A cleared expiry is sent as null: a token that never expires, chosen on purpose. */
const expiryOf = (value: string | null) => (value ? toApiLocalDateTime(value) : null);

function CreateTokenModal({
  owner,
  opened,
  onClose,
}: {
  owner: TokenOwner;
  opened: boolean;
  onClose: () => void;
}) {
  const invalidate = useInvalidateAdmin();
  const create = useCreateOwnerToken(owner);
  const phone = useMediaQuery('(max-width: 600px)') ?? false;
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const form = useForm<CreateValues>({
    initialValues: freshValues(),
    validate: (v) => {
      const errors = zodValidate(CreateApiTokenRequest)({ ...toRequest(v), name: v.name });
      if (!errors.expiresAt && v.expiresAt && !dayjs(v.expiresAt).isAfter(dayjs()))
        errors.expiresAt = 'must be in the future';
      return errors;
    },
  });
  const failure = useFormFailure(form);

  function close() {
    // The secret is dropped from memory with the dialog: it is never shown again.
    setSecret(null);
    failure.clear();
    form.setValues(freshValues());
    form.resetDirty();
    form.clearErrors();
    create.reset();
    onClose();
  }

  function submit(values: CreateValues) {
    failure.clear();
    create.mutate(
      { id: owner.id, ...toRequest(values) },
      {
        onSuccess: (created) => {
          void invalidate();
          setSecret({ name: created.name, token: created.token });
          notifySuccess('API token created', `“${created.name}” for ${owner.name}`);
        },
        onError: failure.show,
      },
    );
  }

  const presets = [
    { value: pickerValue(30), label: 'In 30 days' },
    { value: pickerValue(90), label: 'In 90 days' },
    { value: pickerValue(365), label: 'In 1 year' },
  ];

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={secret ? `Copy the API token “${secret.name}”` : `Create an API token for ${owner.name}`}
      closeOnClickOutside={!secret}
      formLabel="Create API token"
      onSubmit={form.onSubmit(submit)}
      failure={failure.failure}
      submitLabel="Create token"
      submitting={create.isPending}
      result={secret ? <TokenSecret secret={secret} owner={owner} onDone={close} /> : null}
    >
      <TextInput
        label="Name"
        description="What uses it, e.g. “billing-worker (prod)”"
        withAsterisk
        data-autofocus
        autoComplete="off"
        {...form.getInputProps('name')}
      />
      <Select
        label="Scope"
        description={TOKEN_SCOPE_DESCRIPTIONS[form.values.scope]}
        data={TOKEN_SCOPES.map((scope) => ({ value: scope, label: SCOPE_LABELS[scope] }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('scope')}
      />
      <RateLimitInput
        description={
          owner.kind === 'person'
            ? "What it may send on the REST API. Empty: the service's default. The user's sign-in tokens share one budget of their own."
            : "What it may send on the REST API. Empty: the service account's limit, else the service's default."
        }
        {...form.getInputProps('rateLimitPerMinute')}
      />
      <DateTimePicker
        label="Expires"
        description={`In the service's time zone; ${DEFAULT_API_TOKEN_DAYS} days from now unless changed. Clear it only for a token that must never expire.`}
        placeholder="Never"
        clearable
        clearButtonProps={{ 'aria-label': 'No end date' }}
        // A popover calendar runs off a phone's screen; a modal one fits.
        dropdownType={phone ? 'modal' : 'popover'}
        minDate={new Date()}
        valueFormat="D MMM YYYY, HH:mm"
        presets={presets}
        nextLabel="Next month"
        previousLabel="Previous month"
        popoverProps={{ withinPortal: true }}
        {...form.getInputProps('expiresAt')}
      />
    </FormModal>
  );
}

/** A new token's secret, shown this once. */
function TokenSecret({
  secret,
  owner,
  onDone,
}: {
  secret: { name: string; token: string };
  owner: TokenOwner;
  onDone: () => void;
}) {
  return (
    <Stack>
      <Alert color="yellow" variant="light" title="Copy this token now: it will not be shown again">
        <Text size="sm">
          Only a hash is stored. Keep the token in a secret store; anyone holding it acts as{' '}
          <b>{owner.name}</b> with {owner.kind === 'person' ? 'their' : 'its'} permissions. If it is lost,
          revoke it and create a new one.
        </Text>
      </Alert>
      <Group wrap="nowrap" align="center" gap="xs">
        <Code
          block
          aria-label="API token secret"
          style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap', fontSize: 14 }}
        >
          {secret.token}
        </Code>
        <CopyButton value={secret.token}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy to the clipboard'} withArrow>
              <Button
                onClick={copy}
                color={copied ? 'teal' : 'blue'}
                variant={copied ? 'filled' : 'light'}
                data-autofocus
                miw={96}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code>.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>I have copied it</Button>
      </Group>
    </Stack>
  );
}
