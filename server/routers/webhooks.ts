// The webhook subscriptions API (issue 15): subscriptions, their signing secrets and their delivery log.
import { z } from 'zod';
import { IdInput, idParam, noContent } from '../schemas/common';
import {
  CreatedWebhookResponse,
  CreatedWebhookSecretResponse,
  CreateWebhookRequest,
  DeliveryQuery,
  UpdateWebhookRequest,
  WebhookDeliveryPage,
  WebhookResponse,
} from '../schemas/webhooks';
import { listDeliveries } from '../services/notifications/delivery-log';
import {
  addWebhookSecret,
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  removeWebhookSecret,
  updateWebhook,
} from '../services/notifications/subscriptions';
import { permissionProcedure, router } from '../trpc';

const admin = permissionProcedure('ACCESS_BPM_ADMIN');
const tags = ['Webhooks'];

export const webhooksRouter = router({
  list: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/webhooks',
        operationId: 'listWebhooks',
        tags,
        summary: 'List webhook subscriptions, ordered by id',
      },
    })
    .input(z.object({}))
    .output(z.array(WebhookResponse))
    .query(({ ctx }) => listWebhooks(ctx.db)),

  create: admin
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/webhooks',
        operationId: 'createWebhook',
        tags,
        summary: 'Subscribe a URL to incident events (the signing secret is shown in this answer only)',
      },
    })
    .input(CreateWebhookRequest)
    .output(CreatedWebhookResponse)
    .mutation(({ ctx, input }) => createWebhook(ctx.db, ctx.principal, input)),

  get: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/webhooks/{id}',
        operationId: 'getWebhook',
        tags,
        summary: 'One webhook subscription',
      },
    })
    .input(IdInput)
    .output(WebhookResponse)
    .query(({ ctx, input }) => getWebhook(ctx.db, input.id)),

  update: admin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/webhooks/{id}',
        operationId: 'updateWebhook',
        tags,
        summary: 'Update a webhook subscription (omitted fields keep their value)',
      },
    })
    .input(UpdateWebhookRequest.extend({ id: idParam }))
    .output(WebhookResponse)
    .mutation(({ ctx, input: { id, ...changes } }) => updateWebhook(ctx.db, ctx.principal, id, changes)),

  delete: admin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/webhooks/{id}',
        operationId: 'deleteWebhook',
        tags,
        summary: 'Delete a webhook subscription and its delivery log',
      },
      successStatus: 204,
    })
    .input(IdInput)
    .output(noContent)
    .mutation(({ ctx, input }) => deleteWebhook(ctx.db, ctx.principal, input.id)),

  addSecret: admin
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/webhooks/{id}/secrets',
        operationId: 'addWebhookSecret',
        tags,
        summary: 'Add a second signing secret, for rotation (shown in this answer only)',
      },
    })
    .input(IdInput)
    .output(CreatedWebhookSecretResponse)
    .mutation(({ ctx, input }) => addWebhookSecret(ctx.db, ctx.principal, input.id)),

  removeSecret: admin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/webhooks/{id}/secrets/{secretId}',
        operationId: 'removeWebhookSecret',
        tags,
        summary: 'Remove a signing secret (one must remain)',
      },
      successStatus: 204,
    })
    .input(z.object({ id: idParam, secretId: idParam }))
    .output(noContent)
    .mutation(({ ctx, input }) => removeWebhookSecret(ctx.db, ctx.principal, input.id, input.secretId)),

  deliveries: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/webhooks/{id}/deliveries',
        operationId: 'listWebhookDeliveries',
        tags,
        summary: "A subscription's deliveries, newest first, each with the log of its attempts",
      },
    })
    .input(DeliveryQuery.extend({ id: idParam }))
    .output(WebhookDeliveryPage)
    .query(({ ctx, input: { id, ...query } }) => listDeliveries(ctx.db, id, query)),
});
