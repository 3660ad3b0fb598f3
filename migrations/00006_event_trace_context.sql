-- The W3C traceparent of the push that created an event (null without tracing), so fan-out and every delivery
-- attempt — minutes later, in any process — join the push's trace. Nullable with no default: adding it rewrites nothing.
alter table events add column traceparent text;
