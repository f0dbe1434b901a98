// The webhook subscriptions API: subscriptions, their signing secrets and their delivery log.
import { z } from 'zod';
import { IdInput, idParam, noContent } from '../schemas/common';
import {
  CreatedWebhookResponse,
  CreatedWebhookSecretResponse,
  CreateWebhookRequest,
  DeliveryQuery,
  RedeliverFailedRequest,
  RedeliveryResponse,
  TestEventResponse,
  UpdateWebhookRequest,
  WebhookDeliveryPage,
  WebhookResponse,
} from '../schemas/webhooks';
import { listDeliveries } from '../services/notifications/delivery-log';
import { redeliverDelivery } from '../services/notifications/redeliver-delivery';
import { redeliverFailed } from '../services/notifications/redeliver-failed';
import { sendTestEvent } from '../services/notifications/send-test-event';
import {
  addWebhookSecret,
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  removeWebhookSecret,
  updateWebhook,
} from '../services/notifications/subscriptions';
import { permissionOperation, operations } from '../transport/trpc';

const admin = permissionOperation('ACCESS_BPM_ADMIN');
const tags = ['Webhooks'];

export const webhooksRouter = operations({
  list: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/webhooks',
        operationId: 'listWebhooks',
        description: 'Lists every webhook subscription with its filters and secret prefixes, ordered by id.',
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
        description:
          'Subscribes a URL to incident events of the chosen types, severities, sources and nodes, and to the chosen security events (the audit records of sign-ins, failures, lockouts, second factors, passwords, API tokens and permissions); the signing secret is in this answer only.',
        tags,
        summary:
          'Subscribe a URL to incident or security events (the signing secret is shown in this answer only)',
      },
    })
    .input(CreateWebhookRequest)
    .output(CreatedWebhookResponse)
    .mutation(({ ctx, input }) => createWebhook(ctx.db, input, ctx.principal, ctx.notifications)),

  get: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/webhooks/{id}',
        operationId: 'getWebhook',
        description: 'Answers one webhook subscription with its filters and secret prefixes.',
        tags,
        summary: 'One webhook subscription',
      },
    })
    .input(IdInput)
    .output(WebhookResponse)
    .query(({ ctx, input }) => getWebhook(ctx.db, input)),

  update: admin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/webhooks/{id}',
        operationId: 'updateWebhook',
        description: 'Changes a webhook subscription; a field left out keeps its value.',
        tags,
        summary: 'Update a webhook subscription (omitted fields keep their value)',
      },
    })
    .input(UpdateWebhookRequest.extend({ id: idParam }))
    .output(WebhookResponse)
    .mutation(({ ctx, input }) => updateWebhook(ctx.db, input, ctx.principal, ctx.notifications)),

  delete: admin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/webhooks/{id}',
        operationId: 'deleteWebhook',
        description:
          'Deletes a webhook subscription with its secrets and delivery log; nothing more is sent to it.',
        tags,
        summary: 'Delete a webhook subscription and its delivery log',
      },
      successStatus: 204,
    })
    .input(IdInput)
    .output(noContent)
    .mutation(({ ctx, input }) => deleteWebhook(ctx.db, input, ctx.principal)),

  addSecret: admin
    .meta({
      conflict: 'The subscription has two signing secrets already: remove the old one first',
      openapi: {
        method: 'POST',
        path: '/admin/webhooks/{id}/secrets',
        operationId: 'addWebhookSecret',
        description:
          'Adds a signing secret so that deliveries carry a signature with each, for rotating secrets without a gap; shown in this answer only.',
        tags,
        summary: 'Add a second signing secret, for rotation (shown in this answer only)',
      },
    })
    .input(IdInput)
    .output(CreatedWebhookSecretResponse)
    .mutation(({ ctx, input }) => addWebhookSecret(ctx.db, input, ctx.principal)),

  removeSecret: admin
    .meta({
      conflict: 'The only signing secret of the subscription: add another first',
      openapi: {
        method: 'DELETE',
        path: '/admin/webhooks/{id}/secrets/{secretId}',
        operationId: 'removeWebhookSecret',
        description: 'Removes a signing secret; the last one of a subscription cannot be removed (409).',
        tags,
        summary: 'Remove a signing secret (one must remain)',
      },
      successStatus: 204,
    })
    .input(z.object({ id: idParam, secretId: idParam }))
    .output(noContent)
    .mutation(({ ctx, input }) => removeWebhookSecret(ctx.db, input, ctx.principal)),

  deliveries: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/webhooks/{id}/deliveries',
        operationId: 'listWebhookDeliveries',
        description:
          "Pages through a subscription's deliveries, newest first, each with the log of its attempts.",
        tags,
        summary: "A subscription's deliveries, newest first, each with the log of its attempts",
      },
    })
    .input(DeliveryQuery.extend({ id: idParam }))
    .output(WebhookDeliveryPage)
    .query(({ ctx, input }) => listDeliveries(ctx.db, input)),

  redeliver: admin
    .meta({
      conflict: 'The delivery is being attempted now',
      openapi: {
        method: 'POST',
        path: '/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver',
        operationId: 'redeliverWebhookDelivery',
        tags,
        summary: 'Send one delivery again (same body and webhook-id, a fresh retry window)',
        description:
          'Queues the delivery again whatever its outcome, with its body and webhook-id unchanged and 24 h of retries from now; refused with 409 while an attempt is under way.',
      },
    })
    .input(z.object({ id: idParam, deliveryId: idParam }))
    .output(RedeliveryResponse)
    .mutation(({ ctx, input }) => redeliverDelivery(ctx.db, input, ctx.principal)),

  redeliverFailed: admin
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/webhooks/{id}/redeliver',
        operationId: 'redeliverFailedWebhookDeliveries',
        tags,
        summary: 'Send again every failed delivery made since a time, in their order',
        description:
          'Queues again every FAILED delivery of the subscription made at or after `since`, keeping each webhook-id, and answers how many.',
      },
    })
    .input(RedeliverFailedRequest.extend({ id: idParam }))
    .output(RedeliveryResponse)
    .mutation(({ ctx, input }) => redeliverFailed(ctx.db, input, ctx.principal)),

  test: admin
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/webhooks/{id}/test',
        operationId: 'sendWebhookTestEvent',
        tags,
        summary: 'Send a test event (type webhook.test) through the delivery path: signed and logged',
        description:
          'Queues a webhook.test event for the subscription, even a disabled one, delivered like any other: signed, retried and in the delivery log.',
      },
    })
    .input(IdInput)
    .output(TestEventResponse)
    .mutation(({ ctx, input }) => sendTestEvent(ctx.db, input, ctx.principal, ctx.notifications)),
});
