// The whole API on one screen: system routes, REST (/v1) and RPC (/webhook.<Service>/<Method>).
import metrics from "./system/metrics.ts";
import type { AnyRoute } from "../lib/http/route.ts";
import docs from "./system/docs.ts";
import health from "./system/health.ts";
import inviteRedeem from "./system/invite-redeem.ts";
import portalInviteRedeem from "./system/portal-invite-redeem.ts";
import { openApiRoutes } from "./system/openapi.ts";
import ready from "./system/ready.ts";
import browserTokensCreate from "./rest/browser-tokens.create.ts";
import consumersCreate from "./rest/consumers.create.ts";
import consumersDelete from "./rest/consumers.delete.ts";
import consumersGet from "./rest/consumers.get.ts";
import consumersList from "./rest/consumers.list.ts";
import deliveriesAttempts from "./rest/deliveries.attempts.ts";
import deliveriesGet from "./rest/deliveries.get.ts";
import deliveriesList from "./rest/deliveries.list.ts";
import deliveriesListAll from "./rest/deliveries.list-all.ts";
import deliveriesRetry from "./rest/deliveries.retry.ts";
import eventTypesCreate from "./rest/event-types.create.ts";
import eventTypesGet from "./rest/event-types.get.ts";
import eventTypesList from "./rest/event-types.list.ts";
import eventTypesUpdate from "./rest/event-types.update.ts";
import eventTypesVersions from "./rest/event-types.versions.ts";
import eventsGet from "./rest/events.get.ts";
import eventsList from "./rest/events.list.ts";
import eventsPush from "./rest/events.push.ts";
import eventsRepush from "./rest/events.repush.ts";
import healthSummaryGet from "./rest/health-summary.get.ts";
import overviewGet from "./rest/overview.get.ts";
import invitesCancel from "./rest/invites.cancel.ts";
import invitesCreate from "./rest/invites.create.ts";
import invitesList from "./rest/invites.list.ts";
import listenSessionsAnswer from "./rest/listen-sessions.answer.ts";
import listenSessionsCreate from "./rest/listen-sessions.create.ts";
import listenSessionsDelete from "./rest/listen-sessions.delete.ts";
import listenSessionsStream from "./rest/listen-sessions.stream.ts";
import repushesCancel from "./rest/repushes.cancel.ts";
import repushesGet from "./rest/repushes.get.ts";
import repushesPrepare from "./rest/repushes.prepare.ts";
import repushesStart from "./rest/repushes.start.ts";
import retriesCancel from "./rest/retries.cancel.ts";
import retriesGet from "./rest/retries.get.ts";
import retriesPrepare from "./rest/retries.prepare.ts";
import retriesStart from "./rest/retries.start.ts";
import statsConsumer from "./rest/stats.consumer.ts";
import statsGlobal from "./rest/stats.global.ts";
import subscriptionsCreate from "./rest/subscriptions.create.ts";
import subscriptionsDelete from "./rest/subscriptions.delete.ts";
import subscriptionsGet from "./rest/subscriptions.get.ts";
import subscriptionsList from "./rest/subscriptions.list.ts";
import subscriptionsTestTemplate from "./rest/subscriptions.test-template.ts";
import templateFunctionsList from "./rest/template-functions.list.ts";
import subscriptionsUpdate from "./rest/subscriptions.update.ts";
import tokensCreate from "./rest/tokens.create.ts";
import tokensList from "./rest/tokens.list.ts";
import tokensRevoke from "./rest/tokens.revoke.ts";
import webhooksCreate from "./rest/webhooks.create.ts";
import webhooksDelete from "./rest/webhooks.delete.ts";
import webhooksGet from "./rest/webhooks.get.ts";
import webhooksHealth from "./rest/webhooks.health.ts";
import webhooksList from "./rest/webhooks.list.ts";
import webhooksListAll from "./rest/webhooks.list-all.ts";
import webhooksPause from "./rest/webhooks.pause.ts";
import webhooksRotateSecret from "./rest/webhooks.rotate-secret.ts";
import webhooksResume from "./rest/webhooks.resume.ts";
import webhooksRetry from "./rest/webhooks.retry.ts";
import webhooksUpdate from "./rest/webhooks.update.ts";
import whoami from "./rest/whoami.ts";
import deliveryServiceCancelRetry from "./rpc/DeliveryService.CancelRetry.ts";
import deliveryServiceGetDeliveryAttempts from "./rpc/DeliveryService.GetDeliveryAttempts.ts";
import deliveryServiceGetDeliveryStatus from "./rpc/DeliveryService.GetDeliveryStatus.ts";
import deliveryServiceGetRetryStatus from "./rpc/DeliveryService.GetRetryStatus.ts";
import deliveryServiceListDeliveries from "./rpc/DeliveryService.ListDeliveries.ts";
import deliveryServicePrepareRetry from "./rpc/DeliveryService.PrepareRetry.ts";
import deliveryServiceRetryDeliveries from "./rpc/DeliveryService.RetryDeliveries.ts";
import deliveryServiceRetryDelivery from "./rpc/DeliveryService.RetryDelivery.ts";
import eventServiceCancelRepush from "./rpc/EventService.CancelRepush.ts";
import eventServiceDeleteEvent from "./rpc/EventService.DeleteEvent.ts";
import eventServiceGetEvent from "./rpc/EventService.GetEvent.ts";
import eventServiceGetEventRecord from "./rpc/EventService.GetEventRecord.ts";
import eventServiceGetRepushStatus from "./rpc/EventService.GetRepushStatus.ts";
import eventServiceListEventReports from "./rpc/EventService.ListEventReports.ts";
import eventServiceListEvents from "./rpc/EventService.ListEvents.ts";
import eventServicePushEvent from "./rpc/EventService.PushEvent.ts";
import eventServiceRePushEvent from "./rpc/EventService.RePushEvent.ts";
import eventServicePrepareRepush from "./rpc/EventService.PrepareRepush.ts";
import eventServiceRePushEvents from "./rpc/EventService.RePushEvents.ts";
import eventServiceRegisterEvent from "./rpc/EventService.RegisterEvent.ts";
import eventServiceUpdateEvent from "./rpc/EventService.UpdateEvent.ts";
import healthServiceGetHealthSummary from "./rpc/HealthService.GetHealthSummary.ts";
import healthServiceGetWebhookHealth from "./rpc/HealthService.GetWebhookHealth.ts";
import healthServiceListWebhooksByHealth from "./rpc/HealthService.ListWebhooksByHealth.ts";
import listenServiceAnswerListenDelivery from "./rpc/ListenService.AnswerListenDelivery.ts";
import listenServiceCreateListenSession from "./rpc/ListenService.CreateListenSession.ts";
import listenServiceEndListenSession from "./rpc/ListenService.EndListenSession.ts";
import namespaceServiceCreateNamespace from "./rpc/NamespaceService.CreateNamespace.ts";
import namespaceServiceDeleteNamespace from "./rpc/NamespaceService.DeleteNamespace.ts";
import namespaceServiceGetNamespace from "./rpc/NamespaceService.GetNamespace.ts";
import namespaceServiceListNamespaces from "./rpc/NamespaceService.ListNamespaces.ts";
import subscriptionServiceCreateSubscription from "./rpc/SubscriptionService.CreateSubscription.ts";
import subscriptionServiceDeleteSubscription from "./rpc/SubscriptionService.DeleteSubscription.ts";
import subscriptionServiceGetSubscription from "./rpc/SubscriptionService.GetSubscription.ts";
import subscriptionServiceListSubscriptions from "./rpc/SubscriptionService.ListSubscriptions.ts";
import subscriptionServiceTestSubscriptionTemplate from "./rpc/SubscriptionService.TestSubscriptionTemplate.ts";
import subscriptionServiceUpdateSubscription from "./rpc/SubscriptionService.UpdateSubscription.ts";
import webhookServiceGetNamespaceStats from "./rpc/WebhookService.GetNamespaceStats.ts";
import webhookServiceGetTemplateFunctions from "./rpc/WebhookService.GetTemplateFunctions.ts";
import webhookServiceListWebhooks from "./rpc/WebhookService.ListWebhooks.ts";
import webhookServicePauseWebhook from "./rpc/WebhookService.PauseWebhook.ts";
import webhookServiceRotateWebhookSecret from "./rpc/WebhookService.RotateWebhookSecret.ts";
import webhookServiceRegisterWebhook from "./rpc/WebhookService.RegisterWebhook.ts";
import webhookServiceResumeWebhook from "./rpc/WebhookService.ResumeWebhook.ts";
import webhookServiceUnregisterWebhook from "./rpc/WebhookService.UnregisterWebhook.ts";
import webhookServiceUpdateWebhookConfig from "./rpc/WebhookService.UpdateWebhookConfig.ts";

export const systemRoutes: AnyRoute[] = [
  health,
  ready,
  metrics,
  ...openApiRoutes(() => routes),
  ...docs,
  inviteRedeem,
  portalInviteRedeem,
];

export const restRoutes: AnyRoute[] = [
  // browser-tokens
  browserTokensCreate,
  // consumers
  consumersCreate,
  consumersDelete,
  consumersGet,
  consumersList,
  // deliveries
  deliveriesAttempts,
  deliveriesGet,
  deliveriesList,
  deliveriesListAll,
  deliveriesRetry,
  // event-types
  eventTypesCreate,
  eventTypesGet,
  eventTypesList,
  eventTypesUpdate,
  eventTypesVersions,
  // events
  eventsGet,
  eventsList,
  eventsPush,
  eventsRepush,
  // health-summary
  healthSummaryGet,
  overviewGet,
  // invites
  invitesCancel,
  invitesCreate,
  invitesList,
  // listen-sessions
  listenSessionsAnswer,
  listenSessionsCreate,
  listenSessionsDelete,
  listenSessionsStream,
  // repushes
  repushesCancel,
  repushesGet,
  repushesPrepare,
  repushesStart,
  // retries
  retriesCancel,
  retriesGet,
  retriesPrepare,
  retriesStart,
  // stats
  statsConsumer,
  statsGlobal,
  // subscriptions
  subscriptionsCreate,
  subscriptionsDelete,
  subscriptionsGet,
  subscriptionsList,
  subscriptionsTestTemplate,
  subscriptionsUpdate,
  // template-functions
  templateFunctionsList,
  // tokens
  tokensCreate,
  tokensList,
  tokensRevoke,
  // webhooks
  webhooksCreate,
  webhooksDelete,
  webhooksGet,
  webhooksHealth,
  webhooksList,
  webhooksListAll,
  webhooksPause,
  webhooksRotateSecret,
  webhooksResume,
  webhooksRetry,
  webhooksUpdate,
  // whoami
  whoami,
];

export const rpcRoutes: AnyRoute[] = [
  // DeliveryService
  deliveryServiceCancelRetry,
  deliveryServiceGetDeliveryAttempts,
  deliveryServiceGetDeliveryStatus,
  deliveryServiceGetRetryStatus,
  deliveryServiceListDeliveries,
  deliveryServicePrepareRetry,
  deliveryServiceRetryDeliveries,
  deliveryServiceRetryDelivery,
  // EventService
  eventServiceCancelRepush,
  eventServiceDeleteEvent,
  eventServiceGetEvent,
  eventServiceGetEventRecord,
  eventServiceGetRepushStatus,
  eventServiceListEventReports,
  eventServiceListEvents,
  eventServicePushEvent,
  eventServiceRePushEvent,
  eventServicePrepareRepush,
  eventServiceRePushEvents,
  eventServiceRegisterEvent,
  eventServiceUpdateEvent,
  // HealthService
  healthServiceGetHealthSummary,
  healthServiceGetWebhookHealth,
  healthServiceListWebhooksByHealth,
  // ListenService (the stream itself is REST: GET /v1/consumers/{consumer}/listen-sessions/{session_id}/stream)
  listenServiceAnswerListenDelivery,
  listenServiceCreateListenSession,
  listenServiceEndListenSession,
  // NamespaceService
  namespaceServiceCreateNamespace,
  namespaceServiceDeleteNamespace,
  namespaceServiceGetNamespace,
  namespaceServiceListNamespaces,
  // SubscriptionService
  subscriptionServiceCreateSubscription,
  subscriptionServiceDeleteSubscription,
  subscriptionServiceGetSubscription,
  subscriptionServiceListSubscriptions,
  subscriptionServiceTestSubscriptionTemplate,
  subscriptionServiceUpdateSubscription,
  // WebhookService
  webhookServiceGetNamespaceStats,
  webhookServiceGetTemplateFunctions,
  webhookServiceListWebhooks,
  webhookServicePauseWebhook,
  webhookServiceRegisterWebhook,
  webhookServiceRotateWebhookSecret,
  webhookServiceResumeWebhook,
  webhookServiceUnregisterWebhook,
  webhookServiceUpdateWebhookConfig,
];

export const routes: AnyRoute[] = [...systemRoutes, ...restRoutes, ...rpcRoutes];
