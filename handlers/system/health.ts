// GET /health — liveness with a database check (503 when the database does not answer within 2 s).
import { z } from "zod";
import { raw } from "../../lib/http/route.ts";
import { json } from "../../lib/http/respond.ts";
import { health } from "../../lib/system/health.ts";

export default raw({
  method: "GET",
  path: "/health",
  operationId: "health",
  summary: "Liveness and database check",
  tag: "System",
  access: "public",
  response: z.object({
    status: z.enum(["ok", "unavailable"]),
    version: z.string(),
    uptime_seconds: z.number(),
    checks: z.object({ database: z.string() }),
    jobs: z.record(
      z.string(),
      z.object({
        last_started_at: z.string().nullable(),
        last_finished_at: z.string().nullable(),
        running: z.boolean(),
        last_summary: z.record(z.string(), z.unknown()).nullable(),
      }),
    ),
  }),
  async handle(_request, { app }) {
    const report = await health(app);
    return json(report, report.status === "ok" ? 200 : 503, { "cache-control": "no-store" });
  },
});
