-- What a partition of the history holds, counted ahead of its drop (issue 28). Dropping a deliveries partition takes
-- its deliveries out of the per-consumer counters (namespace_counters); counting a day of 1 M deliveries at the drop
-- was most of the drop's time (1.4–1.8 s of 3.1 s, docs/scaling.md). The retention job now counts a partition
-- about one interval before it goes (lib/events/retention.ts, countAhead) and keeps the figures here; the drop
-- subtracts them instead of reading the partition.
--
-- A stored figure is exact only if no delivery of the partition changed since it was counted. Counting waits for a
-- partition without undelivered work, and a delivery that is done changes again only by a retry (requeue) or by the
-- purge of a deleted webhook's deliveries: each of those bumps its partitions' `generation` in its transaction. The
-- count stores the generation it saw (a bump made after its snapshot fails it, under REPEATABLE READ); the drop uses
-- the figures only while `counted_generation = generation`, and counts the partition itself otherwise.
--
-- A row exists for a partition that was counted or bumped; it goes with its partition. No locks taken here but the
-- new table's.
create table partition_counts (
  partition text primary key,
  generation bigint not null default 0,
  counted_generation bigint,
  -- Rows the partition held when counted.
  counted_rows bigint,
  -- A deliveries partition's rows per consumer: [{"namespace", "total", "successful", "failed"}].
  counted_by_consumer jsonb
);
