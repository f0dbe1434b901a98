'use client';
// A dialog holding typed text does not throw it away on a stray Escape, click outside or ×: it asks first
// (Escape in the resolve dialog discarded the note). Used by FormModal and the incident dialogs.
import { Alert, Button, Group } from '@mantine/core';
import { useState } from 'react';

export function useDiscardGuard(dirty: boolean, close: () => void) {
  const [asking, setAsking] = useState(false);
  return {
    asking,
    /** What Escape, the × and a click outside call: closes a clean dialog, asks in a dirty one. */
    requestClose: () => {
      if (dirty) setAsking(true);
      else close();
    },
    keepEditing: () => setAsking(false),
    discard: () => {
      setAsking(false);
      close();
    },
  };
}

/** The question, shown at the top of the dialog in place of closing it. */
export function DiscardQuestion({
  guard,
}: {
  guard: { asking: boolean; keepEditing: () => void; discard: () => void };
}) {
  if (!guard.asking) return null;
  return (
    <Alert
      color="yellow"
      role="alertdialog"
      aria-label="Discard what you typed?"
      title="Discard what you typed?"
    >
      <Group gap="xs" mt={4}>
        <Button size="xs" variant="default" onClick={guard.keepEditing} data-autofocus autoFocus>
          Keep editing
        </Button>
        <Button size="xs" color="red" onClick={guard.discard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}

/** Ctrl+Enter (⌘+Enter) submits the form from any field, a textarea included. */
export function submitOnCtrlEnter(event: React.KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    event.currentTarget.requestSubmit();
  }
}
