// A page of matching deliveries, newest first, with what their envelopes are rebuilt from.
import { unnamedStatement } from "../statement.ts";
import { type DeliveryMatch, MATCHES, matchValues } from "./delivery-filter.ts";
import { DELIVERY_COLUMNS, type DeliveryRow, withEnvelopes } from "./delivery-row.ts";

export interface ListDeliveriesParams extends DeliveryMatch {
  limit: number;
  offset: number;
}

export const listDeliveries = unnamedStatement<ListDeliveriesParams, DeliveryRow>(
  withEnvelopes(
    `select ${DELIVERY_COLUMNS} from deliveries where ${MATCHES} order by created_at desc, id desc limit $9 offset $10`,
  ),
  (p) => [...matchValues(p), p.limit, p.offset],
);
