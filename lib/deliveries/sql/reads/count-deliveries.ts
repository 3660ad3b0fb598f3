// How many deliveries match, counted up to COUNT_CAP + 1 rows so a list's total stays cheap on a large history.
// Without a filter beyond the consumer, the consumer's delivery counters (namespace_counters, lib/stats/counters.ts)
// say first whether there are more than COUNT_CAP: then the answer is COUNT_CAP + 1 without reading any (counting
// them read 10,001 index entries across the partitions: the list at 10 M stored deliveries took 2.2× an empty
// database's time). The counters are written with the deliveries, so they err only where rows were written around
// them, and then toward counting.
import { unnamedStatement } from "../statement.ts";
import { type DeliveryMatch, MATCHES, matchValues } from "./delivery-filter.ts";

/** A total above it means "more than 10,000" (docs/decisions.md). */
const COUNT_CAP = 10_000;

// An uncorrelated subquery of a CASE runs only when its branch is reached: the count, only when the counters allow.
export const countDeliveries = unnamedStatement<DeliveryMatch, { n: number }>(
  `select case when $2::uuid is null and $3::uuid is null and $4::uuid is null and $5::text[] is null and $6::text is null
                    and $7::timestamptz is null and $8::timestamptz is null
                    and (select coalesce(sum(total), 0) from namespace_counters where $1::text is null or namespace = $1) > ${COUNT_CAP}
               then ${COUNT_CAP + 1}
               else (select count(*)::int from (select 1 from deliveries where ${MATCHES} limit ${COUNT_CAP + 1}) x) end as n`,
  matchValues,
);
