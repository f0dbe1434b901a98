// Saved views of the incident board: named filter sets, personal or shared (docs/contract.md §6).
import { IdInput, noContent } from '../schemas/common';
import { CreateSavedViewRequest, SavedViewResponse, UpdateSavedViewRequest } from '../schemas/views';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  updateSavedView,
} from '../services/incidents/saved-views';
import { operations, permissionOperation } from '../transport/trpc';
import { z } from 'zod';

const view = permissionOperation('ACCESS_BPM_ADMIN').meta({ tokenScope: 'INCIDENTS' });
const tags = ['Saved views'];

export const viewsRouter = operations({
  list: view
    .meta({
      openapi: {
        method: 'GET',
        path: '/incident-views',
        operationId: 'listSavedViews',
        description:
          "Lists the caller's saved views of the incident board and everyone's shared ones: the caller's first, then by name.",
        tags,
        summary: 'Saved views: yours and the shared ones',
      },
    })
    .input(z.object({}))
    .output(z.array(SavedViewResponse))
    .query(({ ctx, input }) => listSavedViews(ctx.db, input, ctx.principal)),

  create: view
    .meta({
      conflict: 'You have a view with this name already',
      openapi: {
        method: 'POST',
        path: '/incident-views',
        operationId: 'createSavedView',
        description:
          'Saves a view of the incident board under a name unique among the caller\'s (whatever the case): the board\'s query string, whether it means "assigned to me" for whoever opens it, and whether everyone sees it.',
        tags,
        summary: 'Save a view of the board',
      },
    })
    .input(CreateSavedViewRequest)
    .output(SavedViewResponse)
    .mutation(({ ctx, input }) => createSavedView(ctx.db, input, ctx.principal)),

  update: view
    .meta({
      conflict: 'You have a view with this name already',
      openapi: {
        method: 'PUT',
        path: '/incident-views/{id}',
        operationId: 'updateSavedView',
        description:
          "Changes one of the caller's views; a field left out keeps its value. Someone else's shared view is a 403.",
        tags,
        summary: 'Change one of your saved views',
      },
    })
    .input(UpdateSavedViewRequest)
    .output(SavedViewResponse)
    .mutation(({ ctx, input }) => updateSavedView(ctx.db, input, ctx.principal)),

  delete: view
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/incident-views/{id}',
        operationId: 'deleteSavedView',
        description: "Deletes one of the caller's views. Someone else's shared view is a 403.",
        tags,
        summary: 'Delete one of your saved views',
      },
      successStatus: 204,
    })
    .input(IdInput)
    .output(noContent)
    .mutation(({ ctx, input }) => deleteSavedView(ctx.db, input, ctx.principal)),
});
