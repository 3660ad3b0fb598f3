// The dashboard's pages by URL; a URL is the REST path without /v1, so every object has a deep link.
import type { Component } from "svelte";
import { match } from "../lib/router.svelte.ts";
import Deliveries from "./routes/Deliveries.svelte";
import Delivery from "./routes/Delivery.svelte";
import NotFound from "./routes/NotFound.svelte";
import Webhook from "./routes/Webhook.svelte";
import WebhookEdit from "./routes/WebhookEdit.svelte";
import WebhookNew from "./routes/WebhookNew.svelte";
import Webhooks from "./routes/Webhooks.svelte";
import Overview from "./routes/Overview.svelte";

type Page = Component<{ params: Record<string, string> }>;

export const pages: [pattern: string, component: Page][] = [
  ["/", Overview],
  ["/overview", Overview],
  ["/webhooks", Webhooks],
  ["/consumers/:consumer/webhooks", Webhooks],
  ["/consumers/:consumer/webhooks/new", WebhookNew],
  ["/consumers/:consumer/webhooks/:webhook_id", Webhook],
  ["/consumers/:consumer/webhooks/:webhook_id/edit", WebhookEdit],
  ["/deliveries", Deliveries],
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
