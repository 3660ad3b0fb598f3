// The dashboard's pages by URL; a URL is the REST path without /v1, so every object has a deep link.
import type { Component } from "svelte";
import { match } from "../lib/router.svelte.ts";
import Deliveries from "./routes/Deliveries.svelte";
import Delivery from "./routes/Delivery.svelte";
import NotFound from "./routes/NotFound.svelte";
import Overview from "./routes/Overview.svelte";

type Page = Component<{ params: Record<string, string> }>;

export const pages: [pattern: string, component: Page][] = [
  ["/", Overview],
  ["/overview", Overview],
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
