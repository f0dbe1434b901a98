'use client';
// Create a notification subscription (a signed webhook or email), or edit one; validated with the server's
// schemas. A new webhook's signing secret is shown here once, in place of the form.
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { zodValidate } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { FormModal, useFormFailure } from '@/components/ui/form-modal';
import { notifySuccess } from '@/components/ui/problem';
import { INCIDENT_SEVERITIES, INCIDENT_SOURCES } from '@/domain/incidents';
import type { NotificationChannel, WebhookFormat } from '@/domain/notifications';
import { SECURITY_EVENT_TYPES } from '@/domain/security-events';
import {
  MAX_GROUP_WINDOW_SECONDS,
  CreateWebhookRequest,
  UpdateWebhookRequest,
  isSecurityEventType,
  WEBHOOK_EVENT_TYPES,
  type SubscribableEventType,
  type WebhookResponse,
} from '@/server/schemas/webhooks';
import { useInvalidateNotifications } from './notification-queries';

interface Values {
  name: string;
  channel: NotificationChannel;
  url: string;
  recipients: string[];
  /** The incident events chosen; the security events are a field of their own. */
  eventTypes: string[];
  securityEventTypes: string[];
  minSeverity: string | null;
  sources: string[];
  nodeIds: string[];
  format: WebhookFormat;
  /** Mantine's NumberInput gives '' while it is empty. */
  groupWindowSeconds: number | string;
  enabled: boolean;
}

const EMPTY: Values = {
  name: '',
  channel: 'webhook',
  url: '',
  recipients: [],
  eventTypes: ['incident.created'],
  securityEventTypes: [],
  minSeverity: null,
  sources: [],
  nodeIds: [],
  format: 'json',
  groupWindowSeconds: 0,
  enabled: true,
};

const valuesOf = (s: WebhookResponse): Values => ({
  name: s.name,
  channel: s.channel,
  url: s.url,
  recipients: s.recipients,
  eventTypes: s.eventTypes.filter((t) => !isSecurityEventType(t)),
  securityEventTypes: s.eventTypes.filter(isSecurityEventType),
  minSeverity: s.minSeverity,
  sources: s.sources,
  nodeIds: s.nodeIds,
  format: s.format,
  groupWindowSeconds: s.groupWindowSeconds,
  enabled: s.enabled,
});

/** What the API is sent: only the target of the chosen channel. */
function requestOf(v: Values) {
  return {
    name: v.name.trim(),
    ...(v.channel === 'email' ? { recipients: v.recipients } : { url: v.url.trim(), format: v.format }),
    eventTypes: [...v.eventTypes, ...v.securityEventTypes] as SubscribableEventType[],
    minSeverity: (v.minSeverity as (typeof INCIDENT_SEVERITIES)[number] | null) ?? null,
    sources: v.sources as (typeof INCIDENT_SOURCES)[number][],
    nodeIds: v.nodeIds,
    groupWindowSeconds: Number(v.groupWindowSeconds) || 0,
    enabled: v.enabled,
  };
}

/** A secret shown once, with a copy button and what to do with it. */
export function SecretOnce({ secret, onDone, intro }: { secret: string; onDone: () => void; intro: string }) {
  return (
    <Stack>
      <Alert color="yellow" title="Copy the signing secret now">
        {intro} It is shown only this once; receivers verify deliveries with it.
      </Alert>
      <Code block aria-label="Signing secret">
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

export function SubscriptionFormModal({
  subscription,
  opened,
  onClose,
}: {
  /** The subscription to edit; a new one when absent. */
  subscription?: WebhookResponse | null;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const invalidate = useInvalidateNotifications();
  const create = useMutation(trpc.webhooks.create.mutationOptions());
  const update = useMutation(trpc.webhooks.update.mutationOptions());
  const [secret, setSecret] = useState<string | null>(null);
  const editing = !!subscription;
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: (v) => {
      const request = requestOf(v);
      return editing
        ? zodValidate(UpdateWebhookRequest)(request)
        : zodValidate(CreateWebhookRequest)({ ...request, channel: v.channel });
    },
  });
  const failure = useFormFailure(form);

  useEffect(() => {
    if (!opened) return;
    form.setValues(subscription ? valuesOf(subscription) : EMPTY);
    form.resetDirty();
    form.clearErrors();
    failure.clear();
    setSecret(null);
  }, [opened, subscription?.id]);

  function submit(v: Values) {
    failure.clear();
    if (subscription) {
      update.mutate(
        { id: subscription.id, ...requestOf(v) },
        {
          onSuccess: (s) => {
            void invalidate();
            notifySuccess('Subscription saved', s.name);
            onClose();
          },
          onError: failure.show,
        },
      );
    } else {
      create.mutate(
        { ...requestOf(v), channel: v.channel },
        {
          onSuccess: (s) => {
            void invalidate();
            notifySuccess('Subscription created', s.name);
            if (s.channel === 'email') onClose();
            else setSecret(s.secret);
          },
          onError: failure.show,
        },
      );
    }
  }

  const title = subscription ? `Edit subscription ${subscription.name}` : 'Create subscription';
  const channel = form.values.channel;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      formLabel={title}
      onSubmit={form.onSubmit(submit)}
      failure={failure.failure}
      submitLabel={subscription ? 'Save subscription' : 'Create subscription'}
      submitting={create.isPending || update.isPending}
      closeOnClickOutside={!secret}
      result={
        secret ? (
          <SecretOnce
            secret={secret}
            onDone={onClose}
            intro="The subscription signs every delivery with this secret."
          />
        ) : undefined
      }
    >
      <TextInput
        label="Name"
        withAsterisk
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('name')}
      />
      {editing ? (
        <Text size="sm">
          Channel: <b>{channel === 'email' ? 'Email' : 'Webhook'}</b> (it cannot be changed)
        </Text>
      ) : (
        <SegmentedControl
          aria-label="Channel"
          data={[
            { value: 'webhook', label: 'Webhook' },
            { value: 'email', label: 'Email' },
          ]}
          {...form.getInputProps('channel')}
        />
      )}
      {channel === 'email' ? (
        <TagsInput
          label="Recipients"
          description="Email addresses; press Enter after each."
          withAsterisk
          {...form.getInputProps('recipients')}
        />
      ) : (
        <>
          <TextInput
            label="URL"
            description="https; private and loopback addresses are refused unless the service allows them."
            withAsterisk
            autoComplete="off"
            placeholder="https://hooks.example.com/bpm"
            {...form.getInputProps('url')}
          />
          <Select
            label="Format"
            data={[
              { value: 'json', label: 'JSON (Standard Webhooks)' },
              { value: 'slack', label: 'Slack incoming webhook' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('format')}
          />
        </>
      )}
      <MultiSelect
        label="Incident events"
        description="At least one incident or security event."
        searchable
        data={WEBHOOK_EVENT_TYPES.map((t) => ({ value: t, label: t }))}
        {...form.getInputProps('eventTypes')}
      />
      <MultiSelect
        label="Security events"
        description="Sign-ins, failures, lockouts, second factors, passwords, API tokens and permissions, from the audit log; not filtered by the incident filters below."
        searchable
        data={SECURITY_EVENT_TYPES.map((t) => ({ value: t, label: t }))}
        {...form.getInputProps('securityEventTypes')}
      />
      <Select
        label="Minimum severity"
        placeholder="Any severity"
        clearable
        data={[...INCIDENT_SEVERITIES]}
        {...form.getInputProps('minSeverity')}
      />
      <MultiSelect
        label="Sources"
        placeholder="Any source"
        data={[...INCIDENT_SOURCES]}
        {...form.getInputProps('sources')}
      />
      <TagsInput
        label="Node ids"
        placeholder="Any node"
        description="Only incidents at these nodes; press Enter after each."
        {...form.getInputProps('nodeIds')}
      />
      <NumberInput
        label="Group storms (seconds)"
        description="Reports, reopenings and failed retries of one incident group arrive as one message this long after the first, with their count. 0 sends each on its own."
        min={0}
        max={MAX_GROUP_WINDOW_SECONDS}
        step={30}
        allowDecimal={false}
        clampBehavior="strict"
        {...form.getInputProps('groupWindowSeconds')}
      />
      <Switch label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
    </FormModal>
  );
}
