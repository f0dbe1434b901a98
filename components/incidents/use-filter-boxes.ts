'use client';
// The board's filters typed into a box (search text, process instance id): the box is edited freely and its
// value applied once typing settles; when the URL changes under the box (a reset, a link) the box shows what
// the URL says.
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { BoardView } from './board-view';
import { viewNow } from './use-board-view';

function useTypedFilter<Input, Value>({
  urlValue,
  liveUrlValue,
  inputOf,
  valueOf,
  delay,
  apply,
}: {
  /** The value of the URL React rendered. */
  urlValue: Value;
  /** The value of the URL as the address bar says it now (it can be ahead of the render). */
  liveUrlValue: () => Value;
  /** What the box shows for a value. */
  inputOf: (value: Value) => Input;
  /** The value a box's content stands for. */
  valueOf: (input: Input) => Value;
  delay: number;
  apply: (value: Value) => void;
}) {
  const [input, setInput] = useState<Input>(() => inputOf(urlValue));
  const [debounced] = useDebouncedValue(valueOf(input), delay);
  const applied = useRef(urlValue);
  useEffect(() => {
    // A render that is behind the address bar (Next follows replaceState late) must not wipe what was typed
    // since.
    if (urlValue !== applied.current && urlValue === liveUrlValue()) {
      applied.current = urlValue;
      setInput(inputOf(urlValue));
    }
  }, [urlValue]);
  useEffect(() => {
    if (debounced !== applied.current) {
      applied.current = debounced;
      apply(debounced);
    }
    // Only a settled new value applies (`apply` is re-created every render, so it is not a dependency).
  }, [debounced]);

  /** Empties the box at once, with the URL about to say the same (no stale value applies after it). */
  const clear = (value: Value) => {
    setInput(inputOf(value));
    applied.current = value;
  };

  return { input, setInput, clear };
}

const positiveIdOf = (input: string | number) =>
  typeof input === 'number' && Number.isSafeInteger(input) && input > 0 ? input : null;

/** The search box (applied 300 ms after the last key) and the process instance box (400 ms, a number). */
export function useFilterBoxes(view: BoardView, filter: (patch: Partial<BoardView>) => void) {
  const q = useTypedFilter<string, string>({
    urlValue: view.q,
    liveUrlValue: () => viewNow().q,
    inputOf: (value) => value,
    valueOf: (input) => input.trim(),
    delay: 300,
    apply: (value) => filter({ q: value }),
  });
  const processInstance = useTypedFilter<string | number, number | null>({
    urlValue: view.processInstanceId,
    liveUrlValue: () => viewNow().processInstanceId,
    inputOf: (value) => value ?? '',
    valueOf: positiveIdOf,
    delay: 400,
    apply: (value) => filter({ processInstanceId: value }),
  });

  const nodeId = useTypedFilter<string, string>({
    urlValue: view.nodeId,
    liveUrlValue: () => viewNow().nodeId,
    inputOf: (value) => value,
    valueOf: (input) => input.trim(),
    delay: 400,
    apply: (value) => filter({ nodeId: value }),
  });

  /** Every filter off, the boxes emptied with them. */
  const reset = () => {
    q.clear('');
    processInstance.clear(null);
    nodeId.clear('');
    filter({
      status: null,
      source: null,
      severity: null,
      processInstanceId: null,
      nodeId: '',
      assignee: '',
      owner: '',
      createdFrom: '',
      createdTo: '',
      q: '',
    });
  };

  return { q, processInstance, nodeId, reset };
}

export type FilterBoxes = ReturnType<typeof useFilterBoxes>;
