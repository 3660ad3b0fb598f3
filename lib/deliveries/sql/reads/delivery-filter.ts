// Which deliveries a list, its count and a retry snapshot match, described once for the three statements
// (list-deliveries.ts, count-deliveries.ts, matching-delivery-ids.ts): every condition is optional, a null
// parameter switches it off, and the parameters are always $1–$8 in this order.
import type { DeliveryStatus } from "../../stages.ts";

export interface DeliveryFilter {
  webhookId?: string;
  eventId?: string;
  subscriptionId?: string;
  status?: DeliveryStatus[];
  errorCategory?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

export interface DeliveryMatch {
  /** undefined: across consumers (the global REST route). */
  consumer: string | undefined;
  filter: DeliveryFilter;
}

export const MATCHES = `($1::text is null or namespace = $1) and ($2::uuid is null or webhook_id = $2) and ($3::uuid is null or event_id = $3)
          and ($4::uuid is null or subscription_id = $4) and ($5::text[] is null or status = any($5)) and ($6::text is null or error_category = $6)
          and ($7::timestamptz is null or created_at > $7) and ($8::timestamptz is null or created_at < $8)`;

/** $1–$8 of MATCHES. */
export const matchValues = ({ consumer, filter: f }: DeliveryMatch): unknown[] => [
  consumer ?? null,
  f.webhookId ?? null,
  f.eventId ?? null,
  f.subscriptionId ?? null,
  f.status?.length ? f.status : null,
  f.errorCategory ?? null,
  f.createdAfter ?? null,
  f.createdBefore ?? null,
];
