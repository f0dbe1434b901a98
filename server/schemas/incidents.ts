// Request and response shapes of the incident API (docs/seed-service-spec.md: Incident, timeline entry,
// summary; docs/contract.md §6 and §8).
import { z } from 'zod';
import {
  BULK_SKIP_REASONS,
  INCIDENT_EVENT_TYPES,
  INCIDENT_SEVERITIES,
  INCIDENT_SOURCES,
  INCIDENT_STATUSES,
  NOTE_MAX_LENGTH,
  RESOLUTION_ACTIONS,
  SORT_FIELDS,
  type SortField,
} from '../../domain/incidents';
import { MASKED } from '../../domain/payload-patch';
import {
  idParam,
  freeFormObject,
  jsonId,
  localDateBound,
  localDateTime,
  NOT_BLANK,
  pageOf,
  pageQuery,
  processDefinition,
  queryInt,
  searchText,
} from './common';

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => `unknown value ${JSON.stringify(issue.input)}; one of ${values.join(', ')}`,
  });

export const incidentStatus = oneOf(INCIDENT_STATUSES);
export const incidentSource = oneOf(INCIDENT_SOURCES);
export const incidentSeverity = oneOf(INCIDENT_SEVERITIES);
export const resolutionAction = oneOf(RESOLUTION_ACTIONS);

const timestamp = z
  .string()
  .meta({ description: 'local date-time yyyy-MM-ddTHH:mm:ss', example: '2026-11-21T09:30:00' });

export const IncidentResponse = z
  .object({
    id: z.number().int(),
    processInstanceId: z.number().int(),
    nodeId: z.string(),
    status: incidentStatus,
    severity: incidentSeverity,
    source: incidentSource,
    message: z.string(),
    technicalDetails: z.string(),
    externalReferenceId: z.string(),
    occurrenceCount: z.number().int(),
    lastOccurredAt: timestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
    acknowledgedAt: timestamp.nullable(),
    acknowledgedBy: z.string().nullable(),
    resolvedAt: timestamp.nullable(),
    resolvedBy: z.string().nullable(),
    resolutionNote: z.string().nullable(),
    resolutionAction: resolutionAction.nullable(),
    assignee: z.string().nullable().meta({ description: 'the user who owns the incident; null, nobody' }),
    snoozedAt: timestamp.nullable().meta({ description: 'when the snooze was set; null when not snoozed' }),
    snoozedBy: z.string().nullable().meta({ description: 'who snoozed it; null when not snoozed' }),
    snoozedUntil: timestamp.nullable().meta({
      description: 'when the snooze ends by itself; null when not snoozed or snoozed by occurrences only',
    }),
    snoozedUntilOccurrence: z.number().int().nullable().meta({
      description:
        'the snooze ends when occurrenceCount reaches this; null when not snoozed or snoozed until a time only',
    }),
    retryable: z.boolean().meta({
      description:
        'whether POST /incidents/{id}/retry would be accepted now: an unresolved WORKER incident whose worker request is FAILED',
    }),
    silencedBy: z
      .object({
        id: z.number().int(),
        name: z.string(),
        createdBy: z.string(),
        endsAt: timestamp,
      })
      .nullable()
      .meta({
        id: 'SilencedBy',
        description:
          'the silence in effect now that matches it (of several, the one that ends last); null when none does',
      }),
    processDefinition: z.string().nullable().meta({
      description: "the process definition's key the report (or its worker request) named; null: none",
    }),
    owner: z.object({ id: z.number().int(), code: z.string() }).nullable().meta({
      id: 'IncidentOwner',
      description:
        'the team that owns it (docs/contract.md §13, "Ownership"); null when no rule gives it one',
    }),
  })
  .meta({ id: 'Incident' });

export const IncidentEventResponse = z
  .object({
    id: z.number().int(),
    incidentId: z.number().int(),
    eventType: oneOf(INCIDENT_EVENT_TYPES),
    message: z.string(),
    actor: z.string().nullable(),
    createdAt: timestamp,
    payloadChanges: z
      .array(
        z.object({
          path: z.string().meta({ description: 'the changed field, as a JSON Pointer (RFC 6901)' }),
          before: z.unknown().optional().meta({ description: 'absent: the field was added' }),
          after: z.unknown().optional().meta({ description: 'absent: the field was removed' }),
        }),
      )
      .optional()
      .meta({
        description: `RETRY_REQUESTED with a corrected payload only: what the correction changed, the values of secret-looking fields shown as "${MASKED}"`,
      }),
    occurrences: z.number().int().min(1).optional().meta({
      description:
        'OCCURRED_AGAIN only: how many occurrences the entry stands for (reports written together fold into one entry)',
    }),
    silenceId: z.number().int().nullable().meta({
      description: 'the silence that held its notification (counted in its summary); null when none did',
    }),
  })
  .meta({ id: 'IncidentTimelineEntry' });

export const IncidentSummaryResponse = z
  .object({
    openIncidents: z.number().int(),
    criticalIncidents: z.number().int(),
    acknowledgedIncidents: z.number().int(),
    incidentsCreatedToday: z.number().int(),
  })
  .meta({ id: 'IncidentSummary' });

export const IncidentPage = pageOf(IncidentResponse, 'IncidentPage');

/** A process instance's incidents, newest first (GET /api/incidents/process-instances/{processInstanceId}). */
export const ProcessInstanceIncidents = z.array(IncidentResponse);

export const IncidentStatsQuery = z.object({
  days: queryInt({ min: 1, max: 90, default: 30 }),
});
export const IncidentStatsResponse = z
  .object({
    days: z.number().int(),
    perDay: z.array(
      z.object({
        day: z.string().meta({ description: 'yyyy-MM-dd in the service time zone' }),
        LOW: z.number().int(),
        MEDIUM: z.number().int(),
        HIGH: z.number().int(),
        CRITICAL: z.number().int(),
      }),
    ),
    topNodes: z.array(
      z.object({ nodeId: z.string(), incidents: z.number().int(), unresolved: z.number().int() }),
    ),
    meanSecondsToAcknowledge: z.number().int().nullable(),
    meanSecondsToResolve: z.number().int().nullable(),
  })
  .meta({ id: 'IncidentStats' });

// The list lives in the domain so the console's board reads it without this module (and zod) in its bundle.
export { SORT_FIELDS, type SortField };
/** Every value `sort` accepts, as the document lists them (the direction is also accepted in upper case). */
const SORT_VALUES = SORT_FIELDS.flatMap((field) => [field, `${field},asc`, `${field},desc`]);
export interface SortOrder {
  field: SortField;
  direction: 'asc' | 'desc';
}

const sortSpec = z.string().transform((value, ctx): SortOrder => {
  const [field, direction = 'asc', ...rest] = value.split(',').map((s) => s.trim());
  if (
    !(SORT_FIELDS as readonly string[]).includes(field) ||
    rest.length ||
    !/^(asc|desc)$/i.test(direction)
  ) {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" is not field or field,asc|desc with field one of ${SORT_FIELDS.join(', ')}`,
    });
    return z.NEVER;
  }
  return { field: field as SortField, direction: direction.toLowerCase() as 'asc' | 'desc' };
});

/**
 * A filter on one of `values` that takes several, each matching (OR): `status=OPEN,ACKNOWLEDGED` or the
 * parameter repeated (`status=OPEN&status=ACKNOWLEDGED`). One value is the contract's filter; several are
 * our extension, so that "unresolved" or "high or critical" is one request.
 */
export const anyOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess(
      (v) =>
        (typeof v === 'string' ? [v] : Array.isArray(v) ? v : [v]).flatMap((item: unknown) =>
          typeof item === 'string' ? item.split(',') : [item],
        ),
      z.array(oneOf(values)).max(values.length * 4),
    )
    .transform((items) => [...new Set(items)])
    // Before .optional(): the generator keeps the metadata of what an optional query parameter wraps.
    // server/transport/openapi.ts documents such a list as comma-separated (style form, explode false).
    .meta({
      description: `one of ${values.join(', ')}; several, separated by commas (or the parameter repeated), match any of them`,
      override: { type: 'array', items: { type: 'string', enum: [...values] } },
    })
    .optional();

/**
 * A filter on a text column that takes several values, each matching exactly (OR), as anyOf does:
 * `nodeId=Task_A,Task_B` or the parameter repeated.
 */
const anyText = (what: string) =>
  z
    .preprocess(
      (v) =>
        (typeof v === 'string' ? [v] : Array.isArray(v) ? v : [v]).flatMap((item: unknown) =>
          typeof item === 'string' ? item.split(',').map((s) => s.trim()) : [item],
        ),
      z.array(z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters')).max(50),
    )
    .transform((items) => [...new Set(items)])
    // Before .optional(), as in anyOf: server/transport/openapi.ts documents the list as comma-separated.
    .meta({
      description: `${what}; several, separated by commas (or the parameter repeated), match any of them`,
      override: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 200, ...NOT_BLANK } },
    })
    .optional();

/** One group of the grouped view: incidents of one source, node and message template. */
export interface GroupKey {
  source: (typeof INCIDENT_SOURCES)[number];
  templateId: number;
  nodeId: string;
}

/**
 * A group as one value, `<source>:<templateId>:<nodeId>` (the node id may itself hold colons), as the
 * grouped view answers it in `key` (docs/contract.md §6).
 */
/** The one pattern a group key is checked against, and the document states (`[\s\S]`: any node id). */
const GROUP_KEY_PATTERN = `^(${INCIDENT_SOURCES.join('|')}):([1-9][0-9]{0,14}):([\\s\\S]+)$`;
/** A group's key, `<source>:<templateId>:<nodeId>`, as GET /incidents/groups answers it. */
export const GROUP_KEY = new RegExp(GROUP_KEY_PATTERN);

export const groupKey = z
  .string()
  .transform((value, ctx): GroupKey => {
    const [, source, templateId, nodeId] = GROUP_KEY.exec(value) ?? [];
    if (!source) {
      ctx.addIssue({
        code: 'custom',
        message: `"${value}" is not a group key <source>:<templateId>:<nodeId> (the key the grouped view answers)`,
      });
      return z.NEVER;
    }
    return { source: source as GroupKey['source'], templateId: Number(templateId), nodeId };
  })
  .meta({
    description: 'only the incidents of one group of GET /incidents/groups: its `key`',
    override: {
      type: 'string',
      pattern: GROUP_KEY_PATTERN,
      example: 'WORKER:42:Task_SendInvoice',
    },
  });

export const ListIncidentsQuery = pageQuery.extend({
  status: anyOf(INCIDENT_STATUSES),
  source: anyOf(INCIDENT_SOURCES),
  severity: anyOf(INCIDENT_SEVERITIES),
  processInstanceId: idParam.optional(),
  nodeId: anyText('the node id, exactly'),
  assignee: anyText('the assignee\'s username, exactly (the console passes its own for "assigned to me")'),
  createdFrom: localDateBound
    .optional()
    .meta({ description: 'incidents created at or after this local date or time' }),
  createdTo: localDateBound
    .optional()
    .meta({ description: 'incidents created at or before this local date or time (inclusive)' }),
  q: searchText.meta({
    description: 'substring of message, externalReferenceId or nodeId, case-insensitive',
  }),
  group: groupKey.optional(),
  owner: z
    .string()
    .regex(/^(mine|none|[A-Z][A-Z0-9_]{0,63})$/, 'must be mine, none or a team code')
    .optional()
    .meta({
      description:
        "the owning team's code; `mine`: owned by a team the caller is a member of; `none`: owned by nobody",
    }),
  // One `sort=` arrives as a string, several as an array.
  sort: z
    .preprocess(
      (v) => (typeof v === 'string' ? [v] : v),
      z.array(sortSpec).max(SORT_FIELDS.length, `at most ${SORT_FIELDS.length} sort keys`).optional(),
    )
    .meta({
      description:
        'field or field,asc|desc (asc when left out), the parameter repeated for more keys. Default createdAt,desc; ties break by id',
      override: { type: 'array', items: { type: 'string', enum: SORT_VALUES, example: 'severity,desc' } },
    }),
});
export type ListIncidentsQuery = z.infer<typeof ListIncidentsQuery>;

/** The dashboard's counts, of every incident or of one owner's. */
export const IncidentSummaryQuery = ListIncidentsQuery.pick({ owner: true });

/**
 * The list's filters without its paging and order: what the grouped view and the bulk actions by filter
 * take, derived from ListIncidentsQuery so that a filter added there applies to all three.
 */
export const IncidentFilter = ListIncidentsQuery.omit({ page: true, size: true, sort: true });
export type IncidentFilter = z.infer<typeof IncidentFilter>;
/** The export of the incidents a filter matches (docs/contract.md §6, "Export"): the list's filters. */
export const ExportIncidentsQuery = IncidentFilter.extend({
  format: z
    .enum(['csv'])
    .default('csv')
    .meta({ description: 'csv (RFC 4180, a header row, times in UTC), the only format' }),
});
export type ExportIncidentsQuery = z.infer<typeof ExportIncidentsQuery>;
/** The filter in a JSON body (the bulk actions by filter): an id is a number there, as everywhere in a body. */
export const IncidentFilterBody = IncidentFilter.extend({ processInstanceId: jsonId.optional() });
/** The filter as a caller writes it in a body (the group as its key). */
export type IncidentFilterInput = z.input<typeof IncidentFilterBody>;

export const GROUP_SORTS = ['lastSeen', 'count'] as const;
export const ListIncidentGroupsQuery = IncidentFilter.extend(pageQuery.shape).extend({
  sort: z
    .enum(GROUP_SORTS, { error: `must be one of ${GROUP_SORTS.join(', ')}` })
    .default('lastSeen')
    .meta({ description: 'lastSeen: most recently seen first (default); count: largest first' }),
});
export type ListIncidentGroupsQuery = z.infer<typeof ListIncidentGroupsQuery>;

export const IncidentGroupResponse = z
  .object({
    key: z.string().meta({ description: 'the group in the `group` filter: <source>:<templateId>:<nodeId>' }),
    source: incidentSource,
    nodeId: z.string(),
    templateId: z.number().int(),
    template: z.string().meta({ description: 'the message with each run of digits written #' }),
    sampleMessage: z.string().meta({ description: "the most recent incident's message" }),
    latestIncidentId: z.number().int(),
    count: z.number().int(),
    open: z.number().int(),
    acknowledged: z.number().int(),
    resolved: z.number().int(),
    firstSeen: timestamp.meta({ description: 'the earliest createdAt of its incidents' }),
    lastSeen: timestamp.meta({ description: 'the latest lastOccurredAt of its incidents' }),
  })
  .meta({ id: 'IncidentGroup' });
export type IncidentGroupView = z.infer<typeof IncidentGroupResponse>;
export const IncidentGroupPage = pageOf(IncidentGroupResponse, 'IncidentGroupPage');

const actorName = z.string().trim().min(1).max(200).meta(NOT_BLANK);

/** The most a snooze may last, and the most occurrences it may wait for. */
export const SNOOZE_MAX_DAYS = 30;
export const SNOOZE_MAX_OCCURRENCES = 1_000_000;

export const SnoozeRequest = z
  .object({
    until: localDateTime.optional().meta({
      description: `when the snooze ends by itself: in the future, at most ${SNOOZE_MAX_DAYS} days ahead`,
    }),
    occurrences: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(SNOOZE_MAX_OCCURRENCES, `must be at most ${SNOOZE_MAX_OCCURRENCES}`)
      .optional()
      .meta({ description: 'the snooze ends when the incident has occurred this many more times' }),
  })
  .refine((r) => r.until !== undefined || r.occurrences !== undefined, {
    message: 'give until, occurrences or both',
    path: ['until'],
  })
  .meta({ id: 'SnoozeRequest' });
/** One incident's snooze: the same rule, stated for the document. */
export const SnoozeIncidentRequest = SnoozeRequest.extend({ id: idParam }).meta({
  anyOf: [{ required: ['until'] }, { required: ['occurrences'] }],
});

export const AcknowledgeRequest = z
  .object({ acknowledgedBy: actorName.optional().meta({ description: 'defaults to the caller' }) })
  .meta({ id: 'AcknowledgeRequest' });
export const ResolveRequest = z
  .object({
    resolvedBy: actorName.optional().meta({ description: 'defaults to the caller' }),
    resolutionNote: z.string().max(4000, 'must be at most 4000 characters').optional(),
    resolutionAction: resolutionAction.optional(),
  })
  .meta({ id: 'ResolveRequest' });

export const NoteRequest = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(NOTE_MAX_LENGTH, `must be at most ${NOTE_MAX_LENGTH} characters`)
      .meta(NOT_BLANK),
  })
  .meta({ id: 'NoteRequest' });
export const AssignRequest = z
  .object({
    username: actorName.nullable().meta({ description: 'an existing user; null unassigns the incident' }),
  })
  .meta({ id: 'AssignRequest' });

const payloadPatch = freeFormObject(
  "a JSON merge patch (RFC 7396) of the worker request's payload: a member replaces, null removes, an object merges; the republished request carries the result, at most 64 KiB",
);
/** What every retry takes: who asks, and a correction of the payload. */
const retry = {
  requestedBy: actorName.optional().meta({ description: 'defaults to the caller' }),
  payloadPatch: payloadPatch.optional(),
};
export const RetryRequest = z
  .object({
    ...retry,
    payloadVersion: z.number().int().min(1).optional().meta({
      description:
        'the payloadVersion the patch was written against (GET /incidents/{id}/payload): required with payloadPatch, a 409 if the payload changed since',
    }),
  })
  .meta({ id: 'RetryRequest' });
/** One incident's retry: a correction names the version it was written against, as an If-Match would. */
export const RetryIncidentRequest = RetryRequest.extend({ id: idParam })
  .check((ctx) => {
    const { payloadPatch, payloadVersion } = ctx.value;
    if ((payloadPatch === undefined) !== (payloadVersion === undefined)) {
      ctx.issues.push({
        code: 'custom',
        input: payloadVersion,
        path: ['payloadVersion'],
        message:
          payloadPatch === undefined ? 'is only taken with payloadPatch' : 'is required with payloadPatch',
      });
    }
  })
  // The same rule for the document (OpenAPI 3.1 is JSON Schema 2020-12).
  .meta({ dependentRequired: { payloadPatch: ['payloadVersion'], payloadVersion: ['payloadPatch'] } });
/** The payload a retry of the incident republishes, and its version, for a correction to be written against. */
export const RetryPayloadResponse = z
  .object({
    incidentId: z.number().int(),
    workerRequestId: z.number().int(),
    payload: z.record(z.string(), z.unknown()).meta({
      description: `the worker request's payload, the values of secret-looking fields shown as "${MASKED}"`,
    }),
    payloadVersion: z.number().int(),
  })
  .meta({ id: 'RetryPayload' });
export type RetryPayload = z.infer<typeof RetryPayloadResponse>;

const bulkIds = z
  .array(jsonId)
  .min(1, 'must name 1 to 250 incidents')
  .max(250, 'must name 1 to 250 incidents');
export const BulkAcknowledgeRequest = AcknowledgeRequest.extend({ ids: bulkIds }).meta({
  id: 'BulkAcknowledgeRequest',
});
export const BulkResolveRequest = ResolveRequest.extend({ ids: bulkIds }).meta({ id: 'BulkResolveRequest' });
export const BulkRetryRequest = z
  .object({
    ...retry,
    ids: bulkIds,
    payloadVersions: z
      .record(z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be keyed by incident id'), z.number().int().min(1))
      .optional()
      .meta({
        description:
          "only with payloadPatch, and keyed by incidents of ids: the payloadVersion each incident's patch was written against; an incident whose payload changed since is SKIPPED (CONFLICT), one not named is patched as its payload is",
      }),
  })
  .check((ctx) => {
    const { payloadPatch, payloadVersions, ids } = ctx.value;
    if (payloadVersions === undefined) return;
    // Versions without a patch, or for an incident the call does not name, would be checked against nothing.
    if (payloadPatch === undefined) {
      ctx.issues.push({
        code: 'custom',
        input: payloadVersions,
        path: ['payloadVersions'],
        message: 'is only taken with payloadPatch',
      });
      return;
    }
    const named = new Set(ids.map(String));
    for (const key of Object.keys(payloadVersions).filter((key) => !named.has(key))) {
      ctx.issues.push({
        code: 'custom',
        input: payloadVersions[key],
        path: ['payloadVersions', key],
        message: 'names an incident that ids does not',
      });
    }
  })
  // The rule the document can state (OpenAPI 3.1 is JSON Schema 2020-12); the keys' rule is in the description.
  .meta({ id: 'BulkRetryRequest', dependentRequired: { payloadVersions: ['payloadPatch'] } });
export const BulkResultResponse = z
  .object({
    results: z.array(
      z.object({
        id: z.number().int(),
        outcome: z.enum(['APPLIED', 'SKIPPED', 'NOT_FOUND']),
        reason: z.enum(BULK_SKIP_REASONS).optional().meta({
          description: 'why it was skipped (SKIPPED only): the problem code its single action answers',
        }),
        detail: z.string().optional().meta({ description: 'the reason in words' }),
      }),
    ),
  })
  .meta({ id: 'BulkResult' });

/** Incidents one bulk action by filter handles at most per call (docs/contract.md §6). */
export const MAX_MATCHING_PER_CALL = 1000;

/** What a bulk action by filter adds to its single action's body. */
const matching = {
  filter: IncidentFilterBody.meta({
    description: "the list's filters (the same names and values as GET /incidents' query), `{}` for all",
  }),
  afterId: z.number().int().min(0).default(0).meta({
    description: "handles only incidents with a greater id: the previous answer's nextAfterId, to go on",
  }),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_MATCHING_PER_CALL, `must be 1 to ${MAX_MATCHING_PER_CALL}`)
    .default(250)
    .meta({
      description: `incidents handled in this call, in id order (default 250, at most ${MAX_MATCHING_PER_CALL})`,
    }),
};
export const BulkAcknowledgeMatchingRequest = AcknowledgeRequest.extend(matching).meta({
  id: 'BulkAcknowledgeMatchingRequest',
});
export const BulkResolveMatchingRequest = ResolveRequest.extend(matching).meta({
  id: 'BulkResolveMatchingRequest',
});
export const BulkRetryMatchingRequest = z.object({ ...retry, ...matching }).meta({
  id: 'BulkRetryMatchingRequest',
});
export type MatchingRequest = { filter: IncidentFilter; afterId: number; limit: number };

export const BulkMatchingResultResponse = BulkResultResponse.extend({
  matched: z.number().int().meta({
    description:
      'incidents the filter matched that the action applies to, with id above afterId, when the call began',
  }),
  applied: z.number().int(),
  skipped: z.number().int(),
  notFound: z.number().int(),
  remaining: z.number().int().meta({ description: 'matched minus those handled in this call: 0 when done' }),
  nextAfterId: z
    .number()
    .int()
    .meta({ description: 'the last id handled (afterId when none): pass it as afterId to go on' }),
}).meta({ id: 'BulkMatchingResult' });

export const ReportIncidentRequest = z
  .object({
    processInstanceId: jsonId,
    nodeId: z.string().trim().min(1).max(200).meta(NOT_BLANK),
    source: incidentSource,
    severity: incidentSeverity,
    message: z.string().trim().min(1).max(4000).meta(NOT_BLANK),
    technicalDetails: z.string().max(32_000).optional(),
    externalReferenceId: z
      .string()
      .max(200)
      .regex(/^[A-Za-z][A-Za-z0-9_.-]*:[0-9]+$/, 'must be <kind>:<number>, e.g. worker-request:42'),
    processDefinition: processDefinition.optional(),
  })
  .meta({ id: 'ReportIncidentRequest' });
export type ReportIncidentInput = z.infer<typeof ReportIncidentRequest>;

export type IncidentView = z.infer<typeof IncidentResponse>;

/** The most reports one POST /incidents/batch takes, and one transaction writes (docs/contract.md §8). */
export const MAX_REPORTS_PER_BATCH = 500;
/** The body POST /incidents/batch may have: 500 reports of a couple of KiB each (other bodies: 64 KiB). */
export const REPORT_BATCH_BODY_BYTES = 1024 * 1024;

/** What the document says each report of a batch must be: ReportIncidentRequest, as its JSON schema. */
function reportSchemaForTheDocument(): Record<string, unknown> {
  // Its id makes zod answer a reference to a definition beside it: the definition is the schema.
  const { $defs } = z.toJSONSchema(ReportIncidentRequest, { io: 'input' });
  return $defs!.ReportIncidentRequest as Record<string, unknown>;
}

/**
 * A batch of reports. Each item is checked on its own, so that a bad one is its own problem and
 * the others go in: the schema takes any JSON per item, and the document names what each must be.
 */
export const ReportBatchRequest = z
  .object({
    reports: z
      .array(z.unknown().meta(reportSchemaForTheDocument()))
      .min(1)
      .max(MAX_REPORTS_PER_BATCH)
      .meta({
        description: `1 to ${MAX_REPORTS_PER_BATCH} reports, each as POST /incidents takes one; each is checked and written on its own terms`,
      }),
  })
  .meta({ id: 'ReportBatchRequest' });

export const ReportBatchResponse = z
  .object({
    results: z.array(
      z.object({
        index: z.number().int().meta({ description: "the report's position in `reports`, from 0" }),
        outcome: z.enum(['CREATED', 'OCCURRED_AGAIN', 'REOPENED', 'REJECTED']).meta({
          description:
            'CREATED, OCCURRED_AGAIN (an unresolved incident counted another occurrence) and REOPENED (a resolved one was reported again) carry the incident; REJECTED carries the problem, and nothing was written for that report',
        }),
        incident: IncidentResponse.optional(),
        // A problem document as every error answer's (server/errors.ts), built there: described, not checked.
        problem: z.unknown().meta({ $ref: '#/components/schemas/Problem' }).optional(),
      }),
    ),
  })
  .meta({ id: 'ReportBatchResult' });
export type ReportBatchResult = z.infer<typeof ReportBatchResponse>;

/**
 * The parts of an event id, in canonical decimal (no leading zero): what the stream sends, and what the database
 * reads as it means (PostgreSQL reads an xid8 with a leading zero as octal, or refuses it). A transaction id of
 * up to 19 digits is an xid8 (below 2^64); an entry id of up to 15 is exact as a JavaScript number.
 */
const TX_ID = '0|[1-9][0-9]{0,18}';
const ENTRY_ID = '0|[1-9][0-9]{0,14}';
/** An event id of the stream: `<txId>.<id>`, the feed cursor. */
export const STREAM_EVENT_ID = new RegExp(`^(${TX_ID})[.](${ENTRY_ID})$`);
/** A bare timeline entry id, which a client may resume after too. */
export const TIMELINE_ENTRY_ID = new RegExp(`^(${ENTRY_ID})$`);
/** An event id of the stream or a bare timeline id: what resumes one. */
export const LAST_EVENT_ID_PATTERN = `^((${TX_ID})[.](${ENTRY_ID})|(${ENTRY_ID}))$`;

/**
 * The incident change stream's filters (docs/contract.md §6): the board's, as far as one timeline
 * entry and its incident decide them, plus one incident's entries only. `lastEventId` resumes after an event
 * id (tRPC's httpSubscriptionLink sends it here; the Last-Event-ID header wins over it).
 */
export const IncidentStreamQuery = z.object({
  status: anyOf(INCIDENT_STATUSES),
  source: anyOf(INCIDENT_SOURCES),
  severity: anyOf(INCIDENT_SEVERITIES),
  processInstanceId: idParam.optional(),
  incidentId: idParam.optional(),
  q: searchText.meta({
    description: 'substring of message, externalReferenceId or nodeId, case-insensitive',
  }),
  lastEventId: z
    .string()
    .regex(
      new RegExp(LAST_EVENT_ID_PATTERN),
      'must be an event id of this stream (<txId>.<id>) or a timeline id, in decimal without leading zeros',
    )
    .optional(),
});
export type IncidentStreamQuery = z.infer<typeof IncidentStreamQuery>;

export const IncidentStreamEvent = IncidentEventResponse.extend({
  /** The incident as it is when the entry is sent (possibly already changed again). */
  incident: IncidentResponse,
}).meta({ id: 'IncidentStreamEvent' });
export type IncidentStreamEvent = z.infer<typeof IncidentStreamEvent>;
