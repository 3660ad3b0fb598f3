// A pushed event as the inserter takes it, for tests that call lib/events/inserter.ts directly.
import type { NewEvent } from "../../lib/events/new-event.ts";
import { newId } from "../../lib/ids.ts";

/** The `i`-th event of a test: no key, labels or TTL; `{ "i": i }` as its payload. */
export const newEvent = (consumer: string, eventName: string, i = 0): NewEvent => ({
  id: newId(),
  consumer,
  eventName,
  eventVersion: null,
  payloadJson: JSON.stringify({ i }),
  metadata: {},
  labels: {},
  idempotencyKey: null,
  schemaValid: true,
  warnings: [],
  ttlSeconds: 0,
});
