// Delivery filters as REST query parameters (status may repeat).
import { z } from "zod";
import type { DeliveryFilter } from "../../lib/deliveries/reads.ts";
import { uuid } from "../../lib/http/wire.ts";
import { DELIVERY_STATUSES, errorCategory } from "./deliveries.ts";
import { timestampFilter } from "./events.ts";

const status = z.enum(DELIVERY_STATUSES, { error: `status must be one of ${DELIVERY_STATUSES.join(", ")}` });

export const deliveryQuery = {
  webhook_id: uuid("webhook_id").optional(),
  event_id: uuid("event_id").optional(),
  subscription_id: uuid("subscription_id").optional(),
  status: z
    .union([status, z.array(status)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  error_category: errorCategory().optional(),
  created_after: timestampFilter().optional(),
  created_before: timestampFilter().optional(),
};

export function toDeliveryFilter(q: {
  webhook_id?: string;
  event_id?: string;
  subscription_id?: string;
  status?: (typeof DELIVERY_STATUSES)[number][];
  error_category?: string;
  created_after?: Date;
  created_before?: Date;
}): DeliveryFilter {
  return {
    webhookId: q.webhook_id,
    eventId: q.event_id,
    subscriptionId: q.subscription_id,
    status: q.status,
    errorCategory: q.error_category,
    createdAfter: q.created_after,
    createdBefore: q.created_before,
  };
}
