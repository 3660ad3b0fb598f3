-- The deliveries a worker holds, by their lease. Outcomes are written by id and lease token; with deliveries
-- partitioned by time (migration 12) an id alone names no partition, and the planner, facing every partition,
-- could choose to scan them all. This index holds only deliveries being sent (the claim sets the token, the
-- outcome clears it), so finding a claim's rows costs the same at any size of the history.
create index deliveries_leased on deliveries (lease_token) where lease_token is not null;
