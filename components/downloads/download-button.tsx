'use client';
// A file export downloaded by the browser itself (docs/contract.md §10, "Downloads"): a link to the
// operation's download at /api/trpc/<operation>?input=<json>, which the server writes while it reads it, so
// a file of any size never passes through the page's memory. The link is same-origin, so the browser sends
// the session cookie with `Sec-Fetch-Site: same-origin`, as on every tRPC call of the console.
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

/** The download address of a file operation (`incidents.export`) for `input`. */
export function downloadHref(operation: string, input: object): string {
  return `/api/trpc/${operation}?input=${encodeURIComponent(JSON.stringify(input))}`;
}

export function DownloadButton({
  operation,
  input,
  children,
}: {
  operation: string;
  input: object;
  children: ReactNode;
}) {
  return (
    <Button component="a" href={downloadHref(operation, input)} download size="compact-sm" variant="default">
      {children}
    </Button>
  );
}
