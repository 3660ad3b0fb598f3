// How many deliveries match, counted up to COUNT_CAP + 1 rows so a list's total stays cheap on a large history.
import { unnamedStatement } from "../statement.ts";
import { type DeliveryMatch, MATCHES, matchValues } from "./delivery-filter.ts";

/** A total above it means "more than 10,000" (docs/decisions.md). */
const COUNT_CAP = 10_000;

export const countDeliveries = unnamedStatement<DeliveryMatch, { n: number }>(
  `select count(*)::int as n from (select 1 from deliveries where ${MATCHES} limit ${COUNT_CAP + 1}) x`,
  matchValues,
);
