// The ids of up to `limit` matching deliveries, newest first (a retry batch's snapshot).
import { unnamedStatement } from "../statement.ts";
import { type DeliveryMatch, MATCHES, matchValues } from "./delivery-filter.ts";

export interface MatchingDeliveryIdsParams extends DeliveryMatch {
  limit: number;
}

export const matchingDeliveryIds = unnamedStatement<MatchingDeliveryIdsParams, { id: string }>(
  `select id from deliveries where ${MATCHES} order by created_at desc, id desc limit $9`,
  (p) => [...matchValues(p), p.limit],
);
