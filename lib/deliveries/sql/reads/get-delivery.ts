// One delivery of a consumer, by id and the created_at range the id allows (lib/ids.ts: a UUIDv7 names the one
// partition to probe), with what its envelope is rebuilt from.
import { unnamedStatement } from "../statement.ts";
import { DELIVERY_COLUMNS, type DeliveryRow, withEnvelopes } from "./delivery-row.ts";

export interface GetDeliveryParams {
  id: string;
  consumer: string;
  /** timestamptz text; `-infinity`/`infinity` to probe every partition. */
  from: string;
  until: string;
}

export const getDelivery = unnamedStatement<GetDeliveryParams, DeliveryRow>(
  withEnvelopes(
    `select ${DELIVERY_COLUMNS} from deliveries where id = $1 and namespace = $2 and created_at >= $3 and created_at <= $4`,
  ),
  (p) => [p.id, p.consumer, p.from, p.until],
);
