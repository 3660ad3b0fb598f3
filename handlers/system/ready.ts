// GET /ready — 200 once migrations ran and workers started; 503 before that, while draining and while the database
// does not answer within 2 s.
import { z } from "zod";
import { raw } from "../../lib/http/route.ts";
import { json } from "../../lib/http/respond.ts";
import { readiness } from "../../lib/system/health.ts";

export default raw({
  method: "GET",
  path: "/ready",
  operationId: "ready",
  summary: "Readiness",
  tag: "System",
  access: "public",
  response: z.object({ status: z.enum(["ready", "starting", "draining", "unavailable"]) }),
  async handle(_request, { app }) {
    const state = await readiness(app);
    return json(state, state.status === "ready" ? 200 : 503, { "cache-control": "no-store" });
  },
});
