'use client';
// A list's search box whose text lives in the URL (`q`): debounced as typed, Enter applies at once,
// back/forward restore it, and what is being typed is never overwritten.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { plural } from './format';
import { useUrlState } from './url-state';

/** The applied search text (`q` in the URL), and the box's own state. */
export function useUrlSearch() {
  const url = useUrlState();
  const q = url.get('q');
  const [text, setText] = useState(q);
  const lastPushed = useRef(q);
  const push = useDebouncedCallback((value: string) => {
    lastPushed.current = value.trim();
    url.set({ q: value.trim() });
  }, 250);
  useEffect(() => {
    if (q !== lastPushed.current) {
      lastPushed.current = q;
      setText(q);
    }
  }, [q]);
  return {
    q,
    text,
    type: (value: string) => {
      setText(value);
      push(value);
    },
    applyNow: () => push.flush(),
    clear: () => {
      setText('');
      push('');
      push.flush();
    },
  };
}

export function SearchBar({
  search,
  label,
  placeholder,
  count,
  noun,
}: {
  search: ReturnType<typeof useUrlSearch>;
  label: string;
  placeholder: string;
  /** How many records are shown; undefined while loading. */
  count: number | undefined;
  noun: string;
}) {
  return (
    <Group align="flex-end" justify="space-between">
      <TextInput
        type="search"
        label={label}
        placeholder={placeholder}
        value={search.text}
        onChange={(e) => search.type(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') search.applyNow();
        }}
        w={{ base: '100%', sm: 320 }}
      />
      {count !== undefined && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {search.q ? `${plural(count, noun)} matching “${search.q}”` : plural(count, noun)}
        </Text>
      )}
    </Group>
  );
}

/**
 * What a searchable list shows when it has no rows: with a search, that nothing matches and a way to clear
 * it; without, that there are none yet and a way to create the first.
 */
export function SearchEmptyState({
  search,
  nounPlural,
  createLabel,
  onCreate,
}: {
  search: ReturnType<typeof useUrlSearch>;
  nounPlural: string;
  createLabel: string;
  onCreate: () => void;
}) {
  return (
    <Stack align="center" gap="xs" style={{ pointerEvents: 'all' }}>
      <Text c="dimmed">
        {search.q ? `No ${nounPlural} match “${search.q}”.` : `There are no ${nounPlural} yet.`}
      </Text>
      {search.q ? (
        <Button variant="light" size="xs" onClick={search.clear}>
          Clear search
        </Button>
      ) : (
        <Button variant="light" size="xs" onClick={onCreate}>
          {createLabel}
        </Button>
      )}
    </Stack>
  );
}
