// /metrics in Prometheus text format, read with a stock parser: the delivery counters match what happened, the
// endpoint is protected like /v1 unless made public, and can be turned off.
import assert from "node:assert/strict";
import { test } from "node:test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { startReceiver } from "../helpers/receiver.ts";
import { sharedService, startTestService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true, logLevel: "error" });

type Family = {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string }[];
};

async function scrape(): Promise<Map<string, Family>> {
  const res = await svc().request("/metrics");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
  return new Map((parsePrometheusTextFormat(res.body as string) as Family[]).map((f) => [f.name, f]));
}

const sum = (family: Family | undefined, labels: Record<string, string> = {}) =>
  (family?.metrics ?? [])
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    .reduce((n, m) => n + Number(m.value ?? m.count ?? 0), 0);

test("delivery, push and HTTP figures on /metrics agree with what happened", async (t) => {
  const before = await scrape();
  const beforeText = (await svc().request("/metrics")).body as string;
  const hook = (await startReceiver(t)).path("/m").answers({ status: 200 }, { status: 200 }, { status: 500 });
  await svc().rpc("EventService", "RegisterEvent", { name: "metrics.test" });
  await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: `${hook.url}?secret=1`,
    events: ["metrics.test"],
    httpConfig: { maxRetries: 0 },
  });
  for (let i = 0; i < 3; i++)
    await svc().rpc("EventService", "PushEvent", { namespace: "default", event: "metrics.test", payload: { i } });
  await hook.waitForRequests(3);
  const after = await eventually(
    scrape,
    (m) =>
      sum(m.get("svc_deliveries_total"), { status: "failed" }) -
        sum(before.get("svc_deliveries_total"), { status: "failed" }) >=
      1,
    10_000,
    100,
  );

  const delta = (name: string, labels: Record<string, string> = {}) =>
    sum(after.get(name), labels) - sum(before.get(name), labels);
  assert.equal(delta("svc_deliveries_total", { status: "success" }), 2);
  assert.equal(delta("svc_deliveries_total", { status: "failed", error_category: "server_error" }), 1);
  assert.equal(delta("svc_events_pushed_total"), 3);
  assert.equal(after.get("svc_delivery_attempt_duration_seconds")?.type, "HISTOGRAM");
  // The parser folds histogram series together; their counts are read from the exposition lines themselves.
  const counts = (text: string) =>
    [...text.matchAll(/^svc_delivery_attempt_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce(
      (n, m) => n + Number(m[1]),
      0,
    );
  assert.equal(
    counts((await svc().request("/metrics")).body as string) - counts(beforeText),
    3,
    "three attempts timed",
  );
  const text = (await svc().request("/metrics")).body as string;
  assert.equal(after.get("http_server_request_duration_seconds")?.type, "HISTOGRAM");
  assert.match(
    text,
    new RegExp(
      String.raw`^http_server_request_duration_seconds_count\{http_route="\/webhook\.EventService\/PushEvent",` +
        String.raw`http_request_method="POST",http_response_status_code="200"\} \d+$`,
      "m",
    ),
    "route templates label HTTP figures",
  );
  assert.match(
    text,
    /http_route="\/v1\/consumers\/:consumer\/webhooks\/:webhook_id"|http_route="\/metrics"/,
    "templates, not paths with ids",
  );
  assert.doesNotMatch(text, /secret=1|\/m\b/, "no webhook URL in any label");
  assert.doesNotMatch(text, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/, "no ids in any label");
  for (const gauge of ["svc_deliveries_in_flight", "svc_endpoints_circuit_open", "svc_deliveries_pending"])
    assert.equal(after.get(gauge)?.type, "GAUGE", gauge);
});

test("/metrics needs an admin credential unless SVC_METRICS_PUBLIC=true, and is 404 when turned off", async (t) => {
  assert.equal((await svc().request("/metrics", { apiKey: null })).status, 401);
  const open = await startTestService(t, { env: { SVC_METRICS_PUBLIC: "true" } });
  assert.equal((await open.request("/metrics", { apiKey: null })).status, 200);
  const off = await startTestService(t, { env: { SVC_METRICS_ENABLED: "false" } });
  assert.equal((await off.request("/metrics")).status, 404);
});

test("template errors and fan-out lag are counted as deliveries happen", async (t) => {
  const before = await scrape();
  const hook = (await startReceiver(t)).path("/lag").answers({ status: 200 });
  const event = `metrics.tpl-${Math.random().toString(36).slice(2, 8)}`;
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const { webhook_id } = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: [event],
    httpConfig: { maxRetries: 0 },
  });
  const { event_id } = await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { n: 1 } });
  await hook.waitForRequests(1);
  const { subscriptions } = await svc().rpc("SubscriptionService", "ListSubscriptions", {
    namespace: "default",
    webhookId: webhook_id,
  });
  await svc().rpc("SubscriptionService", "UpdateSubscription", {
    namespace: "default",
    subscriptionId: subscriptions[0].subscription_id,
    transformEnabled: true,
    transformTemplate: "{{if eq .payload.n 1}}one{{end}}",
    onTransformError: "ON_TRANSFORM_ERROR_FAIL",
  });
  await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { n: 1 } });
  const after = await eventually(
    scrape,
    (m) =>
      sum(m.get("svc_template_errors_total"), { on_error: "fail" }) -
        sum(before.get("svc_template_errors_total"), { on_error: "fail" }) >=
      1,
    10_000,
    100,
  );
  assert.equal(
    sum(after.get("svc_template_errors_total"), { on_error: "fail" }) -
      sum(before.get("svc_template_errors_total"), { on_error: "fail" }),
    1,
  );
  assert.equal(hook.requests.length, 1, "the failing transform sent nothing");
  const lagCount = (text: string) => Number(/^svc_fanout_lag_seconds_count(?:\{\})? (\d+)$/m.exec(text)?.[1] ?? 0);
  const text = (await svc().request("/metrics")).body as string;
  assert.ok(lagCount(text) >= 2, "each first attempt records its lag from the push");
  assert.ok(event_id, "pushed");
});

test("queue depth and oldest due age by status, batch progress and dropped spans are on /metrics", async (t) => {
  // No workers: fan-out is run by hand and nothing claims the deliveries, so they wait in the queue.
  const idle = await startTestService(t, { env: { SVC_METRICS_PUBLIC: "true" } });
  const hook = (await startReceiver(t)).path("/queued").answers({ status: 200 });
  await idle.rpc("EventService", "RegisterEvent", { name: "metrics.queue" });
  await idle.rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: ["metrics.queue"],
  });
  for (let i = 0; i < 3; i++)
    await idle.rpc("EventService", "PushEvent", { namespace: "default", event: "metrics.queue", payload: { i } });
  const { fanOutBatch } = await import("../../lib/fanout/fanout.ts");
  assert.equal((await fanOutBatch(idle.app.queueDb, 100)).deliveries, 3);
  // One delivery has waited two minutes; one is a retry due for an hour.
  await idle.app.db.query(
    "update deliveries set next_attempt_at = now() - interval '120 seconds' where id = (select id from deliveries order by id limit 1)",
  );
  await idle.app.db.query(
    "update deliveries set status = 'retrying', next_attempt_at = now() - interval '3600 seconds' " +
      "where id = (select id from deliveries order by id desc limit 1)",
  );
  const text = (await idle.request("/metrics")).body as string;
  const families = new Map((parsePrometheusTextFormat(text) as Family[]).map((f) => [f.name, f]));
  assert.equal(sum(families.get("svc_queue_depth"), { status: "pending" }), 2);
  assert.equal(sum(families.get("svc_queue_depth"), { status: "retrying" }), 1);
  assert.equal(sum(families.get("svc_queue_depth"), { status: "sending" }), 0);
  const pendingAge = sum(families.get("svc_queue_oldest_due_age_seconds"), { status: "pending" });
  const retryAge = sum(families.get("svc_queue_oldest_due_age_seconds"), { status: "retrying" });
  assert.ok(pendingAge >= 120 && pendingAge < 180, `oldest pending due ${pendingAge} s ago`);
  assert.ok(retryAge >= 3600 && retryAge < 3660, `oldest retry due ${retryAge} s ago`);
  assert.equal(sum(families.get("svc_batches_running"), { kind: "retry" }), 0);
  assert.equal(families.get("svc_batch_items")?.type, "GAUGE");
  assert.equal(sum(families.get("svc_otel_spans_dropped_total")), 0, "no exporter, nothing dropped");
});

test("the Grafana dashboard and the alert rules use only metric names svc serves", async () => {
  const { readFileSync } = await import("node:fs");
  const { parse } = await import("yaml");
  const text = (await svc().request("/metrics")).body as string;
  const served = new Set([...text.matchAll(/^([a-zA-Z_:][\w:]*)[{ ]/gm)].map((m) => m[1]!));
  for (const family of text.matchAll(/^# TYPE (\S+) (\w+)$/gm)) served.add(family[1]!);
  const dashboard = JSON.parse(readFileSync("docs/observability/grafana-dashboard.json", "utf8"));
  const exprs: string[] = dashboard.panels.flatMap((p: { targets?: { expr: string }[] }) =>
    (p.targets ?? []).map((t) => t.expr),
  );
  const rules = parse(readFileSync("docs/observability/alerts.yml", "utf8"));
  for (const group of rules.groups) for (const rule of group.rules) exprs.push(rule.expr);
  assert.ok(exprs.length > 20);
  const used = new Set(exprs.flatMap((e) => [...e.matchAll(/\b((?:svc|http_server)_[a-z_]+)/g)].map((m) => m[1]!)));
  const unknown = [...used].filter((name) => !served.has(name));
  assert.deepEqual(unknown, [], "every metric in the dashboard and the alerts is on /metrics");
});
