// A pushed event on its way into the events table, and what its insert answers (lib/events/inserter.ts).
export interface NewEvent {
  id: string;
  consumer: string;
  eventName: string;
  eventVersion: number | null;
  payloadJson: string;
  metadata: Record<string, string>;
  labels: Record<string, string>;
  idempotencyKey: string | null;
  schemaValid: boolean;
  warnings: string[];
  ttlSeconds: number;
  /** The push's W3C traceparent (null without tracing): fan-out and attempts continue its trace. */
  traceparent?: string | null;
}

export type Inserted = { eventId: string; duplicate: boolean; consumerMissing?: false } | { consumerMissing: true };
