// One delivery of a consumer, by id, with what its envelope is rebuilt from.
import { unnamedStatement } from "../statement.ts";
import { DELIVERY_COLUMNS, type DeliveryRow, withEnvelopes } from "./delivery-row.ts";

export interface GetDeliveryParams {
  id: string;
  consumer: string;
}

export const getDelivery = unnamedStatement<GetDeliveryParams, DeliveryRow>(
  withEnvelopes(`select ${DELIVERY_COLUMNS} from deliveries where id = $1 and namespace = $2`),
  (p) => [p.id, p.consumer],
);
