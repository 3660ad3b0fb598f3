-- Two changes to how the history's pages fill, each measured in WAL per pushed-and-delivered event with
-- bench/e2e/wal-model.ts on PostgreSQL 15 (1,500 bytes after migration 18):
--
-- 1. The newest-first listing indexes ascend. `(namespace, created_at desc, id desc)` put every new entry at the
--    left end of its namespace's range, so a full leaf page split in the middle (PostgreSQL's rightmost-page and
--    "increasing within a prefix" strategies only apply to ascending inserts): each split logged half a page
--    (≈ 3.9 KB) and left two half-empty pages. In ascending order each new entry goes to the right end, pages fill
--    to 90 % and a split logs little. The lists read the same indexes backwards (`order by created_at desc, id
--    desc`). −73 bytes an event, and the three indexes ≈ a quarter smaller.
-- 2. Deliveries pages are filled to half at insert (fill factor 50, was 70: migration 14). An outcome batch updates
--    all the rows a push batch put on one page in one statement, and a HOT update needs room on that page for every
--    new version at once (the old ones are pruned only later). At 70 about half the successful outcomes of
--    deliveries born claimed were HOT, at 50 nearly nine in ten: −210 bytes an event (1,427 → 1,217 with 1.). The
--    heap does not grow while every delivery is updated once: at 70 the new versions that did not fit went to other
--    pages (5.7 MB for 14,000 deliveries either way, and their indexes 2.6 → 2.0 MB without the second entries).
--    Only pages written from now on are filled less; nothing is rewritten. A partition made later takes the
--    DEFAULT partition's setting (lib/history/partitions.ts).
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
    execute format('alter table %s set (fillfactor = 50)', part);
  end loop;
end
$$;
