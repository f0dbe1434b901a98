'use client';
// The requests a minute an API token, or each token of a service account, may make on the REST API
// (docs/contract.md §10, "Rate limits"). Empty: the limit above it applies (a token's: its service account's,
// else the service's default).
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { MAX_RATE_LIMIT_PER_MINUTE } from '@/server/schemas/admin';

/** Mantine's NumberInput gives '' while it is empty. */
export type RateLimitValue = number | string;

export const rateLimitOf = (value: RateLimitValue): number | null => (value === '' ? null : Number(value));
export const rateLimitValue = (limit: number | null): RateLimitValue => limit ?? '';

/** What a service account's limit is, on its create dialog and its settings. */
export const SERVICE_ACCOUNT_LIMIT_DESCRIPTION =
  "What each of its API tokens may send on the REST API, unless the token sets its own. Empty: the service's default.";

/** "600 a minute", or what applies instead when none is set. */
export const rateLimitLabel = (limit: number | null, otherwise: string): string =>
  limit === null ? otherwise : `${limit.toLocaleString('en')} a minute`;

/** The field, given its description and the form's input props (`form.getInputProps(...)`). */
export function RateLimitInput({
  description,
  ...input
}: { description: string } & Omit<NumberInputProps, 'label' | 'description'>) {
  return (
    <NumberInput
      label="Requests per minute"
      description={description}
      placeholder="Default"
      min={1}
      max={MAX_RATE_LIMIT_PER_MINUTE}
      step={100}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=","
      {...input}
    />
  );
}
