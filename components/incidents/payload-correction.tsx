'use client';
// Correcting a worker request's payload before a retry (docs/contract.md §7, "Retry with corrected data"):
// the payload as the service has it, an editor that checks the JSON as it is typed, and the changes the retry
// will make, shown before it is sent. The same functions as the service's derive the patch and the changes.
import { Code, JsonInput, List, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import {
  MASKED,
  applyMergePatch,
  createMergePatch,
  payloadChanges,
  type JsonObject,
  type PayloadChange,
} from '@/domain/payload-patch';

/** JSON text as the editor shows it. */
export const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** What the text in an editor holds: an object, or why not. */
export function parseObject(text: string): { value: JsonObject } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `Not valid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'The payload must be a JSON object: { ... }' };
  }
  return { value: value as JsonObject };
}

/** The patch from the payload to the edited text, and what it changes; null while the text is not an object. */
export function correctionOf(
  payload: JsonObject,
  text: string,
): { patch: JsonObject; changes: PayloadChange[] } | { error: string } {
  const edited = parseObject(text);
  if ('error' in edited) return edited;
  const patch = createMergePatch(payload, edited.value);
  return { patch, changes: payloadChanges(payload, applyMergePatch(payload, patch) as JsonObject) };
}

const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** The changes a correction makes, as the timeline will record them (secrets masked). */
export function PayloadChanges({ changes, caption }: { changes: PayloadChange[]; caption: string }) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No change yet: the request is republished as it is.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table fz="sm" verticalSpacing={4} captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Before</Table.Th>
            <Table.Th scope="col">After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.path}>
              <Table.Td>
                <Code>{change.path}</Code>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(change.before)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(change.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The editor of a JSON object, its error under it as it is typed. */
export function JsonObjectInput({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description: string;
  value: string;
  onChange: (text: string) => void;
  error?: string;
}) {
  return (
    <JsonInput
      label={label}
      description={description}
      value={value}
      onChange={onChange}
      error={error}
      autosize
      minRows={4}
      maxRows={16}
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
    />
  );
}

export const MASKED_HINT = `Secret-looking values show as "${MASKED}": leave them as they are to keep them.`;

/** A merge patch's leaves in words: what it sets and removes in every payload it is applied to. */
function patchLeaves(patch: JsonObject, prefix = ''): { path: string; words: string }[] {
  return Object.entries(patch).flatMap(([key, value]) => {
    const path = `${prefix}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (value === null) return [{ path, words: 'removed' }];
    if (typeof value === 'object' && !Array.isArray(value)) return patchLeaves(value as JsonObject, path);
    return [{ path, words: `set to ${JSON.stringify(value)}` }];
  });
}

/** The state of a bulk retry's correction: off, or a merge patch being typed. */
export function useBulkCorrection() {
  const [on, setOn] = useState(false);
  const [text, setText] = useState('{}');
  const parsed = on ? parseObject(text) : null;
  return {
    on,
    setOn,
    text,
    setText,
    /** The patch to send: undefined when off or empty. */
    patch: parsed && 'value' in parsed && Object.keys(parsed.value).length ? parsed.value : undefined,
    invalid: parsed && 'error' in parsed ? parsed.error : undefined,
    reset: () => {
      setOn(false);
      setText('{}');
    },
  };
}

/** A bulk retry's correction: one merge patch, applied to each incident's payload as it is. */
export function BulkCorrection({ state }: { state: ReturnType<typeof useBulkCorrection> }) {
  const leaves = state.patch ? patchLeaves(state.patch) : [];
  return (
    <Stack gap="xs">
      <Switch
        checked={state.on}
        onChange={(event) => state.setOn(event.currentTarget.checked)}
        label="Correct the payloads first"
        description="One change for every payload, applied to each as it is; each incident's timeline records what it changed."
      />
      {state.on && (
        <>
          <JsonObjectInput
            label="Change (JSON merge patch)"
            description='A value sets a field, null removes it, an object changes fields inside: {"amount": 10, "fail": null}'
            value={state.text}
            onChange={state.setText}
            error={state.invalid}
          />
          {leaves.length > 0 && (
            <List size="sm" aria-label="In every payload">
              {leaves.map((leaf) => (
                <List.Item key={leaf.path}>
                  <Code>{leaf.path}</Code> {leaf.words}
                </List.Item>
              ))}
            </List>
          )}
        </>
      )}
    </Stack>
  );
}
