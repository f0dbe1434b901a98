'use client';
// Snoozes in the console: the badge and words that say an incident is snoozed (board and page), and the dialog
// that snoozes one until a time, until more occurrences, or whichever comes first (docs/contract.md §6).
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { ProblemAlert } from '@/components/ui/problem';
import type { z } from 'zod';
import type { IncidentView, SnoozeRequest as SnoozeRequestSchema } from '@/server/schemas/incidents';
import { getServiceTimeZone, serviceLocalDateTime } from '../service-time';
import { formatExact } from './relative-time';

type Snooze = Pick<IncidentView, 'snoozedAt' | 'snoozedBy' | 'snoozedUntil' | 'snoozedUntilOccurrence'>;

/** "Snoozed by alice until Sun, 29 Nov 2026, 18:00:00 UTC or until it has occurred 12 times", or null when not snoozed. */
export function snoozeInWords(incident: Snooze): string | null {
  if (!incident.snoozedAt) return null;
  const ends = [
    ...(incident.snoozedUntil ? [`until ${formatExact(incident.snoozedUntil)}`] : []),
    ...(incident.snoozedUntilOccurrence
      ? [`until it has occurred ${incident.snoozedUntilOccurrence} times`]
      : []),
  ];
  return `Snoozed by ${incident.snoozedBy} ${ends.join(' or ')}`;
}

/** A quiet mark beside the status: the snooze in words on hover, and for screen readers. */
export function SnoozedBadge({ incident }: { incident: Snooze }) {
  const words = snoozeInWords(incident);
  if (!words) return null;
  return (
    <Tooltip label={words} withArrow multiline maw={320}>
      <Badge color="gray" variant="outline" size="sm" aria-label={words} style={{ minWidth: 'max-content' }}>
        Snoozed
      </Badge>
    </Tooltip>
  );
}

/** What the dialog asks for: the API's snooze input, without the incident's id. */
export type SnoozeRequest = z.input<typeof SnoozeRequestSchema>;

const HOUR = 3_600_000;
type TimeChoice = 'none' | '1h' | '4h' | 'tomorrow' | 'custom';

/** Tomorrow 09:00 on the service's clock, as the service writes a time. */
function tomorrowMorning(now = new Date()): string {
  const today = serviceLocalDateTime(now).slice(0, 10);
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return `${next.toISOString().slice(0, 10)}T09:00:00`;
}

function untilOf(choice: TimeChoice, custom: string): string | undefined {
  if (choice === '1h') return serviceLocalDateTime(new Date(Date.now() + HOUR));
  if (choice === '4h') return serviceLocalDateTime(new Date(Date.now() + 4 * HOUR));
  if (choice === 'tomorrow') return tomorrowMorning();
  // A datetime-local field gives yyyy-MM-ddTHH:mm: read on the service's clock, as its label says.
  if (choice === 'custom' && custom) return custom.length === 16 ? `${custom}:00` : custom;
  return undefined;
}

export function SnoozeDialog({
  incident,
  opened,
  busy,
  error,
  onClose,
  onSnooze,
}: {
  incident: IncidentView;
  opened: boolean;
  busy: boolean;
  /** The refusal of the last try (until in the past, a resolved incident, ...), shown in the dialog. */
  error: unknown;
  onClose: () => void;
  onSnooze: (request: SnoozeRequest) => void;
}) {
  const [choice, setChoice] = useState<TimeChoice>('1h');
  const [custom, setCustom] = useState('');
  const [byOccurrences, setByOccurrences] = useState(false);
  const [occurrences, setOccurrences] = useState<number | string>(10);
  const [missing, setMissing] = useState<string | null>(null);

  // With no time, occurrences are the only end.
  const counting = byOccurrences || choice === 'none';
  const submit = () => {
    const until = untilOf(choice, custom);
    const count = counting && typeof occurrences === 'number' ? occurrences : undefined;
    if (choice === 'custom' && !custom) return setMissing('Choose when the snooze ends.');
    if (!until && !count) return setMissing('Choose a time, a number of occurrences, or both.');
    setMissing(null);
    onSnooze({ ...(until && { until }), ...(count && { occurrences: count }) });
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={`Snooze incident ${incident.id}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm">
          It stays on the board. What it does by itself meanwhile (occurrences, retry outcomes) is not
          notified; its waking up is.
        </Text>
        <Radio.Group label="Until" value={choice} onChange={(v) => setChoice(v as TimeChoice)}>
          <Stack gap={6} mt={6}>
            <Radio value="1h" label="In 1 hour" />
            <Radio value="4h" label="In 4 hours" />
            <Radio value="tomorrow" label="Tomorrow at 09:00" />
            <Radio value="custom" label="A time of my choice" />
            <Radio value="none" label="No time: only by occurrences" />
          </Stack>
        </Radio.Group>
        {choice === 'custom' && (
          <TextInput
            type="datetime-local"
            label={`Wake at (${getServiceTimeZone()})`}
            value={custom}
            onChange={(e) => setCustom(e.currentTarget.value)}
            min={serviceLocalDateTime(new Date()).slice(0, 16)}
          />
        )}
        <Checkbox
          label="Or when it has occurred again this many times"
          checked={counting}
          disabled={choice === 'none'}
          onChange={(e) => setByOccurrences(e.currentTarget.checked)}
        />
        {counting && (
          <NumberInput
            label="More occurrences"
            value={occurrences}
            onChange={setOccurrences}
            min={1}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
          />
        )}
        {missing && (
          <Text size="sm" c="red" role="alert">
            {missing}
          </Text>
        )}
        {error ? <ProblemAlert error={error} title="Could not snooze" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button loading={busy} onClick={submit}>
            Snooze
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
