// The dashboard's pages by URL; a URL is the REST path without /v1, so every object has a deep link.
import type { Component } from "svelte";
import { match } from "../lib/router.svelte.ts";
import Access from "./routes/Access.svelte";
import Consumer from "./routes/Consumer.svelte";
import Consumers from "./routes/Consumers.svelte";
import Deliveries from "./routes/Deliveries.svelte";
import Delivery from "./routes/Delivery.svelte";
import Event from "./routes/Event.svelte";
import EventPush from "./routes/EventPush.svelte";
import EventType from "./routes/EventType.svelte";
import EventTypes from "./routes/EventTypes.svelte";
import Events from "./routes/Events.svelte";
import Health from "./routes/Health.svelte";
import NotFound from "./routes/NotFound.svelte";
import Subscription from "./routes/Subscription.svelte";
import Subscriptions from "./routes/Subscriptions.svelte";
import Webhook from "./routes/Webhook.svelte";
import WebhookEdit from "./routes/WebhookEdit.svelte";
import WebhookNew from "./routes/WebhookNew.svelte";
import Webhooks from "./routes/Webhooks.svelte";
import Overview from "./routes/Overview.svelte";

type Page = Component<{ params: Record<string, string> }>;

export const pages: [pattern: string, component: Page][] = [
  ["/", Overview],
  ["/overview", Overview],
  ["/consumers", Consumers],
  ["/consumers/:consumer", Consumer],
  ["/event-types", EventTypes],
  ["/event-types/:name", EventType],
  ["/webhooks", Webhooks],
  ["/consumers/:consumer/webhooks", Webhooks],
  ["/consumers/:consumer/webhooks/new", WebhookNew],
  ["/consumers/:consumer/webhooks/:webhook_id", Webhook],
  ["/consumers/:consumer/webhooks/:webhook_id/edit", WebhookEdit],
  ["/consumers/:consumer/events", Events],
  ["/consumers/:consumer/events/new", EventPush],
  ["/consumers/:consumer/events/:event_id", Event],
  ["/consumers/:consumer/subscriptions", Subscriptions],
  ["/consumers/:consumer/subscriptions/:subscription_id", Subscription],
  ["/deliveries", Deliveries],
  ["/access", Access],
  ["/health-summary", Health],
  ["/consumers/:consumer/deliveries", Deliveries],
  ["/consumers/:consumer/deliveries/:delivery_id", Delivery],
];

export function resolve(path: string): { component: Page; params: Record<string, string>; key: string } {
  for (const [pattern, component] of pages) {
    const params = match(pattern, path === "" ? "/" : path);
    if (params) return { component, params, key: pattern + JSON.stringify(params) };
  }
  return { component: NotFound as Page, params: {}, key: "404" };
}
