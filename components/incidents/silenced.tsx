'use client';
// Silences on an incident (docs/contract.md §6, "Silences"): the badge and words that say a silence in effect
// matches it, on the board and on its page, linking to the silences page.
import { Badge, Tooltip } from '@mantine/core';
import type { IncidentView } from '@/server/schemas/incidents';
import { formatExact } from './relative-time';

/** 'Silenced by "DB upgrade" (alice) until Sun, 29 Nov 2026, 18:00:00 UTC', or null when no silence matches. */
export function silenceInWords({ silencedBy }: Pick<IncidentView, 'silencedBy'>): string | null {
  if (!silencedBy) return null;
  return `Silenced by "${silencedBy.name}" (${silencedBy.createdBy}) until ${formatExact(silencedBy.endsAt)}`;
}

/** A quiet mark beside the status: the silence in words on hover, and for screen readers. */
export function SilencedBadge({ incident }: { incident: Pick<IncidentView, 'silencedBy'> }) {
  const words = silenceInWords(incident);
  if (!words) return null;
  return (
    <Tooltip label={words} withArrow multiline maw={320}>
      <Badge color="grape" variant="outline" size="sm" aria-label={words} style={{ minWidth: 'max-content' }}>
        Silenced
      </Badge>
    </Tooltip>
  );
}
