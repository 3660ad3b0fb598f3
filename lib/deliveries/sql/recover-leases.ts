// Deliveries born claimed whose lease lapsed, put in the retry lane (migration 18). A born-claimed delivery is in no
// lane while it is sent; its fan-out statement's row of `delivery_leases` (the lease, the partition, the range of
// the ids) is how it is found again when its worker never wrote its outcome. Each lease row whose time is up is
// taken (rows another run holds are skipped) and deleted, and the deliveries it stands for that are still sending
// under that lease go to the retry lane, due since their own lease ended: the next claim takes them as it takes any
// lapsed lease. A delivery whose outcome was written, or which another lease holds, is left alone. Rows are how many
// leases were taken and how many deliveries went back.
import { notifySql } from "../../signals/signals.ts";
import { statement } from "./statement.ts";

export const recoverLapsedLeases = statement<{ batchSize: number }, { leases: number; deliveries: number }>(
  "deliveries.recoverLapsedLeases",
  `with due as (
             select ctid as row, lease_token, created_at, first_id, last_id from delivery_leases
              where expires_at <= now()
              order by expires_at
              limit $1
                for update skip locked
           ), gone as (
             delete from delivery_leases where ctid = any(array(select row from due))
           ), lapsed as (
             -- One range of one partition's key per lease; its other rows (other leases, other workers) stay as they are.
             update deliveries d set lane = 2, updated_at = now()
               from due
              where d.id between due.first_id and due.last_id and d.created_at = due.created_at
                and d.lease_token = due.lease_token and d.status = 'sending' and d.lane = 0
             returning d.id
           ), wake as (
             ${notifySql("deliveries")} where exists (select 1 from lapsed)
           )
           select (select count(*) from due)::int as leases, (select count(*) from lapsed)::int as deliveries,
                  (select count(*) from wake)::int as woke`,
  (p) => [p.batchSize],
);
