// The default delivery body: the spec's envelope, built around the payload's stored JSON text without re-parsing it.
export interface EnvelopeFields {
  eventId: string;
  eventName: string;
  consumer: string;
  webhookId: string;
  deliveryId: string;
  /** RFC 3339 time of this attempt. */
  timestamp: string;
  attempt: number;
}

/** `payloadJson`: the payload as JSON text (PostgreSQL's jsonb output is valid JSON). */
export function envelopeBody(f: EnvelopeFields, payloadJson: string): string {
  return (
    `{"version":"1","event_id":${JSON.stringify(f.eventId)},"event_name":${JSON.stringify(f.eventName)},` +
    `"consumer":${JSON.stringify(f.consumer)},"webhook_id":${JSON.stringify(f.webhookId)},` +
    `"delivery_id":${JSON.stringify(f.deliveryId)},"timestamp":${JSON.stringify(f.timestamp)},` +
    `"attempt":${f.attempt},"payload":${payloadJson}}`
  );
}

/** The same envelope as a value, for transforms (their data is the envelope). */
export function envelopeData(f: EnvelopeFields, payload: unknown) {
  return {
    version: "1",
    event_id: f.eventId,
    event_name: f.eventName,
    consumer: f.consumer,
    webhook_id: f.webhookId,
    delivery_id: f.deliveryId,
    timestamp: f.timestamp,
    attempt: f.attempt,
    payload,
  };
}
