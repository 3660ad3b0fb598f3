// Wire shapes of listen sessions (`svc listen` over a stream, lib/listen).
import { z } from "zod";
import { int32, uuid } from "../../lib/http/wire.ts";
import { eventName } from "./event-types.ts";
import { httpConfigInput } from "./webhooks.ts";

export const sessionId = () => uuid("session_id");

export const newListenSession = z.object({
  events: z.array(eventName()).min(1, "events must list at least one event name"),
  description: z.string().max(10_000).default(""),
  http_config: httpConfigInput()
    .omit({ webhook_secret: true, follow_redirects: true, verify_ssl: true, rate_limit_rps: true })
    .optional(),
});

export const listenSessionSchema = z.object({
  session_id: z.string(),
  consumer: z.string(),
  webhook_id: z.string(),
  events: z.array(z.string()),
  webhook_secret: z.string().describe("Verifies the deliveries (Standard Webhooks); shown only here"),
  signing_public_key: z.string(),
  lease_seconds: z.number().int().describe("How long the session outlives its last open stream"),
  stream_path: z.string().describe("GET it for the text/event-stream of deliveries"),
});

/** Bounded like a captured response body (1 MiB). */
export const listenAnswer = z.object({
  request_id: uuid("request_id"),
  status: int32().pipe(
    z
      .number()
      .min(100, "status must be an HTTP status between 100 and 599")
      .max(599, "status must be an HTTP status between 100 and 599"),
  ),
  body: z
    .string()
    .max(1024 * 1024, "body must be at most 1 MiB")
    .default(""),
});
