'use client';
// The head of the incident page: id, severity, status, message, where it happened, and only the actions its
// state allows.
import { Anchor, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import type { IncidentView } from '@/server/schemas/incidents';
import { SeverityBadge, StatusBadge } from './badges';
import classes from './incident-header.module.css';
import { SOURCE_LABEL } from './labels';
import { SilencedBadge, silenceInWords } from './silenced';
import { SnoozedBadge, snoozeInWords } from './snooze';
import type { IncidentActions } from './use-incident-actions';

/** The space the page keeps under its content on a phone, so that the action bar hides none of it. */
export const ACTION_BAR_SPACE = 110;

export function IncidentHeader({
  incident,
  actions,
  retryPending,
}: {
  incident: IncidentView;
  actions: IncidentActions;
  retryPending: boolean;
}) {
  const canAcknowledge = incident.status === 'OPEN';
  const canUnacknowledge = incident.status === 'ACKNOWLEDGED';
  const snoozed = snoozeInWords(incident);
  const silenced = silenceInWords(incident);
  const canResolve = incident.status === 'OPEN' || incident.status === 'ACKNOWLEDGED';
  const canReopen = incident.status === 'RESOLVED';
  // What the service says can work; a retry under way stays shown, disabled.
  const canRetry = incident.retryable || retryPending;

  // After an action the button that had the focus is gone (Acknowledge once acknowledged, Resolve… once
  // resolved) and the browser drops the focus to the page: it goes to the next action instead, or to the
  // title when none is left, so a keyboard user carries on from here.
  const actionsRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const next = actionsRef.current?.querySelector<HTMLButtonElement>('button:not([disabled])');
    (next ?? titleRef.current)?.focus({ preventScroll: true });
  }, [incident.status, retryPending]);

  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
        <Group gap="sm" align="center">
          <Title order={1} size="h2" ref={titleRef} tabIndex={-1}>
            Incident {incident.id}
          </Title>
          <SeverityBadge severity={incident.severity} />
          <StatusBadge status={incident.status} />
          <SnoozedBadge incident={incident} />
          <SilencedBadge incident={incident} />
        </Group>
        <Text size="lg" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {incident.message}
        </Text>
        <Text size="sm" c="dimmed">
          {SOURCE_LABEL[incident.source]} · node <Code>{incident.nodeId}</Code> · process instance{' '}
          <Anchor component={Link} href={`/process-instances/${incident.processInstanceId}`} inherit>
            {incident.processInstanceId}
          </Anchor>
        </Text>
        {snoozed && (
          <Text size="sm" c="dimmed">
            {snoozed}. What it does by itself meanwhile is not notified.
          </Text>
        )}
        {silenced && (
          <Text size="sm" c="dimmed">
            {silenced}. What it does by itself meanwhile is not notified; each subscription gets one summary
            when the silence ends.{' '}
            <Anchor component={Link} href="/silences" inherit>
              Silences
            </Anchor>
          </Text>
        )}
      </Stack>
      {/* On a phone the actions sit at the bottom of the screen, in a thumb's reach, whatever is scrolled to
          (incident-header.module.css); wider, beside the title. */}
      <div className={classes.actionBar}>
        <Group gap="xs" role="group" aria-label="Actions" ref={actionsRef} justify="flex-end">
          {canAcknowledge && (
            <Button loading={actions.acknowledge.busy} onClick={actions.acknowledge.run}>
              Acknowledge
            </Button>
          )}
          {canResolve && (
            <Button color="green" onClick={() => actions.openDialog('resolve')}>
              Resolve…
            </Button>
          )}
          {canRetry && (
            <Button
              color="violet"
              variant={retryPending ? 'light' : 'filled'}
              disabled={retryPending}
              onClick={() => actions.openDialog('retry')}
            >
              {retryPending ? 'Retry under way' : 'Retry…'}
            </Button>
          )}
          {canUnacknowledge && (
            <Button
              variant="default"
              loading={actions.unacknowledge.busy}
              onClick={actions.unacknowledge.run}
            >
              Unacknowledge
            </Button>
          )}
          {canResolve && (
            // Snoozed already, a snooze set again replaces the one before.
            <Button variant="default" onClick={() => actions.openDialog('snooze')}>
              Snooze…
            </Button>
          )}
          {snoozed && (
            <Button variant="default" loading={actions.wake.busy} onClick={actions.wake.run}>
              Wake
            </Button>
          )}
          {canReopen && (
            <Button color="red" variant="light" onClick={() => actions.openDialog('reopen')}>
              Reopen…
            </Button>
          )}
        </Group>
      </div>
    </Group>
  );
}
