-- Room on every deliveries page for the outcome's new version of its rows. A delivery is written twice: inserted
-- (pending, or born claimed) and then updated with its outcome. With full pages the new version went to another
-- page, and PostgreSQL then writes a lock record for the old version first (to release the page while it looks for
-- room) and logs the whole new tuple; on the same page it logs only what changed between the two versions (the
-- leading and trailing bytes they share are left out). Fill factor 70 leaves that room.
--
-- Partitioned tables have no storage parameters of their own: each partition gets it here, and a partition made
-- later takes the DEFAULT partition's (lib/history/partitions.ts). Only pages written from now on are filled less;
-- nothing is rewritten. Locks: SHARE UPDATE EXCLUSIVE on each partition for a catalog update (pushes, claims,
-- outcomes and reads carry on; only VACUUM and other DDL on the partition wait), milliseconds in all.
do $$
declare
  part regclass;
begin
  for part in select inhrelid::regclass from pg_inherits where inhparent = 'deliveries'::regclass loop
    execute format('alter table %s set (fillfactor = 70)', part);
  end loop;
end
$$;
