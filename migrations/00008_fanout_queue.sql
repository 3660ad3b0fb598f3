-- Events waiting for fan-out, in push order. Fan-out used to mark the event row itself (`fanned_out_at`), and that
-- update rewrote the whole row, payload included, with an entry in every index of `events` (it cannot be a HOT
-- update: `events_fanout_due` is defined on the column): ≈ 1,100 bytes of WAL per event, more than inserting it. A
-- queue row costs a small insert at push and a delete at fan-out, and the event row is written once.
--
-- Events pushed from now on carry `fanned_out_at` from their insert, so an instance of the version before this
-- one (a rolling upgrade) never sees them as waiting; the queue row is what fan-out waits on. Events that version
-- pushes (null `fanned_out_at`, no queue row) are still fanned out by this one, claimed and marked on the row as
-- that version does: every event is fanned out by exactly one instance.
create table fanout_queue (
  seq       bigint generated always as identity primary key,
  event_id  uuid not null
);
