// The events of a claimed batch, each read once however many deliveries share it; the payload as stored (the text
// the standard envelope wraps).
import { statement } from "./statement.ts";

export interface ClaimedEventRow {
  id: string;
  event_name: string;
  payload_json: string;
  traceparent: string | null;
}

export const loadClaimedEvents = statement<string[], ClaimedEventRow>(
  "targets.events",
  "select id, event_name, payload::text as payload_json, traceparent from events where id = any($1::uuid[])",
  (ids) => [ids],
);
