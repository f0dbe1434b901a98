'use client';
// A form in a modal, as the administration's dialogs have it (create a user, a group, an API token, reset a
// password): the API's refusal above the fields unless it names fields (then it is shown beside them),
// Cancel and the submit button at the foot. A form that produces something to show once (a generated
// password, a token's secret) shows it in the same modal instead of the form.
import { Button, Group, Modal, Stack, type MantineSpacing } from '@mantine/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { showFieldErrors } from '@/components/forms/zod-form';
import { DiscardQuestion, submitOnCtrlEnter, useDiscardGuard } from './discard-guard';
import { ProblemAlert } from './problem';

/** The refusal of a form's call that is not about one of its fields. */
export function useFormFailure(form: Parameters<typeof showFieldErrors>[0]) {
  const [failure, setFailure] = useState<unknown>(null);
  return {
    failure,
    clear: () => setFailure(null),
    /** Field errors beside their fields; any other refusal above them. */
    show: (error: unknown) => {
      if (!showFieldErrors(form, error)) setFailure(error);
    },
  };
}

export function FormModal({
  opened,
  onClose,
  title,
  size = 'lg',
  closeOnClickOutside,
  formLabel,
  onSubmit,
  failure,
  intro,
  children,
  submitLabel,
  submitColor,
  submitting,
  actionsMt,
  result,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  closeOnClickOutside?: boolean;
  /** The form's accessible name. */
  formLabel: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  failure: unknown;
  /** Shown above the refusal and the fields, e.g. what the action ends. */
  intro?: ReactNode;
  /** The fields. */
  children: ReactNode;
  submitLabel: string;
  submitColor?: string;
  submitting: boolean;
  actionsMt?: MantineSpacing;
  /** What the form produced, shown instead of it until the modal closes. */
  result?: ReactNode;
}) {
  // Anything typed since the dialog opened is kept from a stray Escape, × or click outside: it asks first.
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    if (opened) setTyped(false);
  }, [opened]);
  const guard = useDiscardGuard(typed && !result, onClose);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={guard.requestClose}
      title={title}
      size={size}
      closeOnClickOutside={closeOnClickOutside}
    >
      {result ? (
        result
      ) : (
        <form
          onSubmit={onSubmit}
          onInput={() => setTyped(true)}
          onKeyDown={submitOnCtrlEnter}
          aria-label={formLabel}
          noValidate
        >
          <Stack>
            <DiscardQuestion guard={guard} />
            {intro}
            {failure ? <ProblemAlert error={failure} /> : null}
            {children}
            <Group justify="flex-end" mt={actionsMt}>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color={submitColor} loading={submitting}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
