-- Two changes to how the history's pages fill, each measured in WAL per pushed-and-delivered event with
-- bench/e2e/wal-model.ts on PostgreSQL 15 (1,500 bytes after migration 18):
--
-- 1. The newest-first listing indexes ascend. `(namespace, created_at desc, id desc)` put every new entry at the
--    left end of its namespace's range, so a full leaf page split in the middle (PostgreSQL's rightmost-page and
--    "increasing within a prefix" strategies only apply to ascending inserts): each split logged half a page
--    (≈ 3.9 KB) and left two half-empty pages. In ascending order each new entry goes to the right end, pages fill
--    to 90 % and a split logs little. The lists read the same indexes backwards (`order by created_at desc, id
--    desc`). −73 bytes an event, and the three indexes ≈ a quarter smaller.
-- 2. Deliveries pages are filled to 45 % at insert (fill factor 45, was 70: migration 14). An outcome batch updates
--    all the rows a push batch put on one page in one statement, and a HOT update needs room on that page for every
--    new version at once (the old ones are pruned only later). Of the successful outcomes of deliveries born
--    claimed, about half were HOT at 70, 88 % at 50, all at 45: 1,427 → 1,216 → 1,161 bytes an event with 1.
--    What it costs on disk: a page holds 45 % live rows instead of up to 70 %, but every index loses the second entry
--    a non-HOT update gave each delivery (dead once vacuumed, but its room in a time-ordered index is not used
--    again). The model's 14,000 deliveries after a vacuum: heap 5.50 MB and indexes 3.38 MB before migration 18,
--    heap 5.47 MB and indexes 1.97 MB after this one. (In a store vacuumed as it runs, later inserts reuse the
--    heap room old versions left at 70, so there the heap grows by up to 70/45 while the indexes shrink.) Only
--    pages written from now on are filled less; nothing is rewritten. A partition made later takes the DEFAULT
--    partition's setting (lib/history/partitions.ts).
--
-- Locks: ACCESS EXCLUSIVE on events and deliveries (and their partitions) while the three indexes are built anew:
-- each reads its table once and sorts it (measured by bench/ops/upgrade.ts: docs/scaling.md). Pushes wait that long.
drop index deliveries_namespace_created, deliveries_webhook_created, events_namespace_created;
create index deliveries_namespace_created on deliveries (namespace, created_at, id);
create index deliveries_webhook_created on deliveries (webhook_id, created_at);
create index events_namespace_created on events (namespace, created_at, id);

do $$
declare
  part regclass;
begin
  for part in select inhrelid::regclass from pg_inherits where inhparent = 'deliveries'::regclass loop
    execute format('alter table %s set (fillfactor = 45)', part);
  end loop;
end
$$;
