// Renders a subscription's transform over the delivery envelope (Go text/template semantics, lib/template).
import { TemplateExecError, TemplateParseError, cachedTemplate } from "../template/index.ts";
import type { SubscriptionTarget } from "./targets.ts";

export type Rendered = { ok: true; body: string } | { ok: false; error: string };

export function renderTransform(subscription: SubscriptionTarget, data: unknown): Rendered {
  try {
    return {
      ok: true,
      body: cachedTemplate(subscription.transformTemplate, subscription.strictMissingKeys).render(data),
    };
  } catch (err) {
    // Whatever goes wrong in a user's template (a parse error in a template stored before a stricter check, a
    // stack exhausted by absurdly deep data) is that delivery's template_error, never a crashed worker.
    if (err instanceof TemplateExecError || err instanceof TemplateParseError) return { ok: false, error: err.message };
    return { ok: false, error: `template: ${err instanceof Error ? err.message : String(err)}` };
  }
}
