-- A delivery sent with the standard envelope no longer stores the body it sent: the envelope is the event's
-- payload wrapped in fields the delivery already has, plus the attempt's number and time, kept here. Rebuilt on read
-- it is the same text byte for byte. The stored copy was ≈ 60 % of each outcome's row (and of its WAL), and a
-- copy of the payload for every endpoint an event fans out to. A body a transform rendered is still stored.
alter table deliveries add column envelope_attempt integer, add column envelope_at timestamptz;
