// Silences of incidents by matcher and time window (docs/contract.md §6, "Silences").
import { z } from 'zod';
import { INCIDENT_SEVERITIES, namesEverySeverity, silencesEverything } from '../../domain/incidents';
import { idParam, localDateTime, NOT_BLANK, pageOf, pageQuery } from './common';
import { anyOf, GROUP_KEY, incidentSeverity, incidentSource } from './incidents';

/** The longest a silence may last, and how far ahead it may begin. */
export const SILENCE_MAX_DAYS = 30;

export const SILENCE_STATES = ['SCHEDULED', 'ACTIVE', 'ENDED'] as const;

const text = (max: number, description: string) =>
  z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(max, `must be at most ${max} characters`)
    .meta({ ...NOT_BLANK, description });

/** What a silence matches: every matcher given must match; at least one is given. */
const matcherFields = {
  source: incidentSource.meta({ description: 'the incidents of this source' }).optional(),
  nodeId: text(200, 'the incidents at this node (exactly)').optional(),
  groupKey: z
    .string()
    .max(400, 'must be at most 400 characters')
    .regex(GROUP_KEY, 'must be a group key <source>:<templateId>:<nodeId>, as GET /incidents/groups answers')
    // Before .optional(): the generator keeps the metadata of what an optional query parameter wraps.
    .meta({
      description: "the incidents of this group: the grouped view's key, <source>:<templateId>:<nodeId>",
    })
    .optional(),
  severities: z
    .array(incidentSeverity)
    .min(1, 'must name at least one severity')
    .max(INCIDENT_SEVERITIES.length * 4)
    .transform((items) => [...new Set(items)])
    .optional()
    .meta({
      description:
        'the incidents of any of these severities; all four narrow nothing, so another matcher must be given too',
    }),
  messageText: text(200, 'the incidents whose message contains this text, whatever the case').optional(),
};

const ONE_MATCHER =
  'give at least one matcher (source, nodeId, groupKey, severities or messageText): a silence of everything is refused';
const EVERY_SEVERITY =
  'names every severity, which narrows nothing: give another matcher too, a silence of everything is refused';

/**
 * Refuses matchers that match every incident, however spelt: none at all, or every severity and nothing else.
 * Checked on the parsed input, so a list that repeats severities counts once.
 */
const refuseEverything = (m: Parameters<typeof silencesEverything>[0], ctx: z.RefinementCtx) => {
  if (!silencesEverything(m)) return;
  const everySeverity = namesEverySeverity(m.severities);
  ctx.addIssue({
    code: 'custom',
    message: everySeverity ? EVERY_SEVERITY : ONE_MATCHER,
    path: [everySeverity ? 'severities' : 'source'],
  });
};

/**
 * The same rule for the document: one matcher besides severities, or a severity list that leaves one out.
 * Query parameters cannot state a rule across them; the preview says it in words.
 */
const NARROWING_MATCHER = [
  ...(['source', 'nodeId', 'groupKey', 'messageText'] as const).map((field) => ({ required: [field] })),
  {
    required: ['severities'],
    properties: {
      severities: { not: { allOf: INCIDENT_SEVERITIES.map((s) => ({ contains: { const: s } })) } },
    },
  },
];

/** The matchers in a query string (the preview): severities comma-separated or repeated. */
export const SilenceMatchersQuery = z
  .object({ ...matcherFields, severities: anyOf(INCIDENT_SEVERITIES) })
  .superRefine(refuseEverything);
export type SilenceMatchersInput = z.infer<typeof SilenceMatchersQuery>;

export const CreateSilenceRequest = z
  .object({
    name: text(80, 'what it is for, shown on every incident it silences'),
    comment: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
    ...matcherFields,
    startsAt: localDateTime.optional().meta({
      description: `when it begins: now when left out (or in the past); at most ${SILENCE_MAX_DAYS} days ahead`,
    }),
    endsAt: localDateTime.meta({
      description: `when it ends by itself: after startsAt and in the future, at most ${SILENCE_MAX_DAYS} days after its start`,
    }),
  })
  .superRefine(refuseEverything)
  .meta({ id: 'CreateSilenceRequest', anyOf: NARROWING_MATCHER });
export type CreateSilenceInput = z.infer<typeof CreateSilenceRequest>;

export const SilenceListQuery = pageQuery.extend({
  state: anyOf(SILENCE_STATES),
});

const timestamp = z
  .string()
  .meta({ description: 'local date-time yyyy-MM-ddTHH:mm:ss', example: '2026-11-21T09:30:00' });

export const SilenceResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    comment: z.string(),
    source: incidentSource.nullable(),
    nodeId: z.string().nullable(),
    groupKey: z.string().nullable(),
    severities: z.array(incidentSeverity).nullable(),
    messageText: z.string().nullable(),
    startsAt: timestamp,
    endsAt: timestamp.meta({ description: 'when it ends (or ended) by itself' }),
    endedAt: timestamp.nullable().meta({
      description: 'when it ended: early (endedBy) or at endsAt; null while it is not over',
    }),
    endedBy: z.string().nullable().meta({ description: 'who ended it early; null otherwise' }),
    state: z.enum(SILENCE_STATES),
    createdBy: z.string(),
    createdAt: timestamp,
    heldEvents: z.number().int().meta({
      description: 'the timeline entries it has held from notifications so far',
    }),
  })
  .meta({ id: 'Silence' });
export type SilenceView = z.infer<typeof SilenceResponse>;

export const SilencePage = pageOf(SilenceResponse, 'SilencePage');

export const SilencePreview = z
  .object({
    matching: z.number().int().meta({ description: 'unresolved incidents these matchers match now' }),
  })
  .meta({ id: 'SilencePreview' });

export const SilenceIdInput = z.object({ id: idParam });
