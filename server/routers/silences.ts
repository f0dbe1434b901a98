// Silences: incidents matched by source, node, group, severity or message text, kept quiet for a time window
// (docs/contract.md §6, "Silences"). The same permission and token scope as snoozing an incident.
import {
  CreateSilenceRequest,
  SilenceIdInput,
  SilenceListQuery,
  SilenceMatchersQuery,
  SilencePage,
  SilencePreview,
  SilenceResponse,
} from '../schemas/silences';
import {
  createSilence,
  endSilence,
  getSilence,
  listSilences,
  previewSilence,
} from '../services/incidents/silences';
import { operations, permissionOperation } from '../transport/trpc';

const silence = permissionOperation('ACCESS_BPM_ADMIN').meta({ tokenScope: 'INCIDENTS' });
const tags = ['Silences'];

export const silencesRouter = operations({
  list: silence
    .meta({
      openapi: {
        method: 'GET',
        path: '/silences',
        operationId: 'listSilences',
        description:
          'Lists silences, newest first; `state` keeps those SCHEDULED (not begun), ACTIVE or ENDED (early, or their time is over).',
        tags,
        summary: 'Silences, newest first',
      },
    })
    .input(SilenceListQuery)
    .output(SilencePage)
    .query(({ ctx, input }) => listSilences(ctx.db, input)),

  preview: silence
    .meta({
      openapi: {
        method: 'GET',
        path: '/silences/preview',
        operationId: 'previewSilence',
        description:
          'Counts the unresolved incidents these matchers match now, by the rule a silence uses: what a silence made with them would show as silenced at once. At least one matcher that narrows them: matchers of everything (every severity and nothing else) are a 400, as on create.',
        tags,
        summary: 'How many incidents matchers match now',
      },
    })
    .input(SilenceMatchersQuery)
    .output(SilencePreview)
    .query(({ ctx, input }) => previewSilence(ctx.db, input)),

  get: silence
    .meta({
      openapi: {
        method: 'GET',
        path: '/silences/{id}',
        operationId: 'getSilence',
        description: 'A silence, with its state and how many timeline entries it has held so far.',
        tags,
        summary: 'One silence',
      },
    })
    .input(SilenceIdInput)
    .output(SilenceResponse)
    .query(({ ctx, input }) => getSilence(ctx.db, input)),

  create: silence
    .meta({
      openapi: {
        method: 'POST',
        path: '/silences',
        operationId: 'createSilence',
        description:
          'Silences the incidents every given matcher matches (at least one matcher that narrows them: a silence of everything, such as every severity and nothing else, is a 400) from startsAt (now when left out) until endsAt. They are recorded and listed as usual, with silencedBy; what the system writes on their timelines meanwhile is not notified, and when the silence ends each subscription gets one summary of what it held. Audited.',
        tags,
        summary: 'Silence incidents by matcher for a time window',
      },
    })
    .input(CreateSilenceRequest)
    .output(SilenceResponse)
    .mutation(({ ctx, input }) => createSilence(ctx.db, input, ctx.principal)),

  end: silence
    .meta({
      conflict: 'INVALID_STATE: the silence has ended already',
      openapi: {
        method: 'POST',
        path: '/silences/{id}/end',
        operationId: 'endSilence',
        description:
          'Ends a scheduled or active silence now, with the summaries of what it held; one that has ended (early, or its time is over) is a 409 INVALID_STATE and nothing changes. Audited.',
        tags,
        summary: 'End a silence now',
      },
    })
    .input(SilenceIdInput)
    .output(SilenceResponse)
    .mutation(({ ctx, input }) => endSilence(ctx.db, input, ctx.principal, ctx.notifications)),
});
