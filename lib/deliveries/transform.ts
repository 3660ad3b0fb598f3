// Renders a subscription's transform over the delivery envelope (Go text/template semantics, lib/template).
import type { SubscriptionTarget } from "./targets.ts";

export type Rendered = { ok: true; body: string } | { ok: false; error: string };

export function renderTransform(subscription: SubscriptionTarget, data: unknown): Rendered {
  void subscription;
  void data;
  return { ok: false, error: "transform templates are not available yet" };
}
