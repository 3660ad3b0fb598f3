// The portal's pages by URL: /portal/<path under /portal/api>, so every object has a deep link.
import type { Component } from "svelte";
import { match } from "../lib/router.svelte.ts";
import Deliveries from "./routes/Deliveries.svelte";
import Delivery from "./routes/Delivery.svelte";
import EventType from "./routes/EventType.svelte";
import EventTypes from "./routes/EventTypes.svelte";
import NotFound from "./routes/NotFound.svelte";
import Subscription from "./routes/Subscription.svelte";
import Verify from "./routes/Verify.svelte";
import Webhook from "./routes/Webhook.svelte";
import WebhookEdit from "./routes/WebhookEdit.svelte";
import Webhooks from "./routes/Webhooks.svelte";

type Page = Component<{ params: Record<string, string> }>;

export const pages: [pattern: string, component: Page][] = [
  ["/portal", Webhooks],
  ["/portal/webhooks", Webhooks],
  ["/portal/webhooks/new", WebhookEdit],
  ["/portal/webhooks/:webhook_id", Webhook],
  ["/portal/webhooks/:webhook_id/edit", WebhookEdit],
  ["/portal/subscriptions/new", Subscription],
  ["/portal/subscriptions/:subscription_id", Subscription],
  ["/portal/deliveries", Deliveries],
  ["/portal/deliveries/:delivery_id", Delivery],
  ["/portal/event-types", EventTypes],
  ["/portal/event-types/:name", EventType],
  ["/portal/verify", Verify],
];

export function resolve(path: string): { component: Page; params: Record<string, string>; key: string } {
  for (const [pattern, component] of pages) {
    const params = match(pattern, path);
    if (params) return { component, params, key: pattern + JSON.stringify(params) };
  }
  return { component: NotFound as Page, params: {}, key: "404" };
}
