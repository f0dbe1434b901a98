// Saved views of the incident board (docs/contract.md §6, "Saved views").
import { z } from 'zod';
import { idParam, NOT_BLANK } from './common';

/** The board's settings a view keeps (components/incidents/board-view.ts): its filters, order, size and layout. */
export const VIEW_KEYS = [
  'status',
  'source',
  'severity',
  'processInstanceId',
  'nodeId',
  'assignee',
  'createdFrom',
  'createdTo',
  'q',
  'sort',
  'size',
  'view',
] as const;

const viewName = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(80, 'must be at most 80 characters')
  .meta({ ...NOT_BLANK, description: 'unique among its owner’s views, whatever the case' });

/** The board's query string, read as the board reads it; a key it does not keep is refused, not dropped. */
const search = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .transform((value) => value.replace(/^\?/, ''))
  .superRefine((value, ctx) => {
    const unknown = [...new URLSearchParams(value).keys()].filter(
      (key) => !(VIEW_KEYS as readonly string[]).includes(key),
    );
    if (unknown.length)
      ctx.addIssue({
        code: 'custom',
        message: `keeps only ${VIEW_KEYS.join(', ')}; not ${[...new Set(unknown)].join(', ')}`,
      });
  })
  .meta({
    description: 'the board’s query string, as in /incidents?status=OPEN&severity=CRITICAL (no page)',
    example: 'status=OPEN,ACKNOWLEDGED&severity=CRITICAL&q=payment',
  });

const mine = z
  .boolean()
  .meta({ description: 'assigned to whoever opens the view (the board adds assignee=<their username>)' });
const shared = z
  .boolean()
  .meta({ description: 'listed for everyone who can see the board, not only its owner' });

export const CreateSavedViewRequest = z
  .object({ name: viewName, search, mine: mine.optional(), shared: shared.optional() })
  .meta({ id: 'CreateSavedViewRequest' });

export const UpdateSavedViewRequest = z
  .object({
    name: viewName.optional(),
    search: search.optional(),
    mine: mine.optional(),
    shared: shared.optional(),
  })
  .extend({ id: idParam })
  .meta({ id: 'UpdateSavedViewRequest' });

export const SavedViewResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    search: z.string(),
    mine: z.boolean(),
    shared: z.boolean(),
    owner: z.string().meta({ description: 'the username of who saved it' }),
    yours: z.boolean().meta({ description: 'whether the caller owns it (and so may change or delete it)' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SavedView' });

export type SavedView = z.infer<typeof SavedViewResponse>;
