// /metrics in Prometheus text format, read with a stock parser: the delivery counters match what happened, the
// endpoint is protected like /v1 unless made public, and can be turned off.
import assert from "node:assert/strict";
import { test } from "node:test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { startReceiver } from "../helpers/receiver.ts";
import { sharedService, startTestService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true, logLevel: "error" });

type Family = { name: string; type: string; metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string }[] };

async function scrape(): Promise<Map<string, Family>> {
  const res = await svc().request("/metrics");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
  return new Map((parsePrometheusTextFormat(res.body as string) as Family[]).map((f) => [f.name, f]));
}

const sum = (family: Family | undefined, labels: Record<string, string> = {}) =>
  (family?.metrics ?? []).filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v)).reduce((n, m) => n + Number(m.value ?? m.count ?? 0), 0);

test("delivery, push and HTTP figures on /metrics agree with what happened", async (t) => {
  const before = await scrape();
  const beforeText = (await svc().request("/metrics")).body as string;
  const hook = (await startReceiver(t)).path("/m").answers({ status: 200 }, { status: 200 }, { status: 500 });
  await svc().rpc("EventService", "RegisterEvent", { name: "metrics.test" });
  await svc().rpc("WebhookService", "RegisterWebhook", { namespace: "default", url: `${hook.url}?secret=1`, events: ["metrics.test"], httpConfig: { maxRetries: 0 } });
  for (let i = 0; i < 3; i++) await svc().rpc("EventService", "PushEvent", { namespace: "default", event: "metrics.test", payload: { i } });
  await hook.waitForRequests(3);
  const after = await eventually(scrape, (m) => sum(m.get("svc_deliveries_total"), { status: "failed" }) - sum(before.get("svc_deliveries_total"), { status: "failed" }) >= 1, 10_000, 100);

  const delta = (name: string, labels: Record<string, string> = {}) => sum(after.get(name), labels) - sum(before.get(name), labels);
  assert.equal(delta("svc_deliveries_total", { status: "success" }), 2);
  assert.equal(delta("svc_deliveries_total", { status: "failed", error_category: "server_error" }), 1);
  assert.equal(delta("svc_events_pushed_total"), 3);
  assert.equal(after.get("svc_delivery_attempt_duration_seconds")?.type, "HISTOGRAM");
  // The parser folds histogram series together; their counts are read from the exposition lines themselves.
  const counts = (text: string) => [...text.matchAll(/^svc_delivery_attempt_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
  assert.equal(counts((await svc().request("/metrics")).body as string) - counts(beforeText), 3, "three attempts timed");
  const text = (await svc().request("/metrics")).body as string;
  assert.equal(after.get("http_server_request_duration_seconds")?.type, "HISTOGRAM");
  assert.match(text, /^http_server_request_duration_seconds_count\{http_route="\/webhook\.EventService\/PushEvent",http_request_method="POST",http_response_status_code="200"\} \d+$/m, "route templates label HTTP figures");
  assert.match(text, /http_route="\/v1\/consumers\/:consumer\/webhooks\/:webhook_id"|http_route="\/metrics"/, "templates, not paths with ids");
  assert.doesNotMatch(text, /secret=1|\/m\b/, "no webhook URL in any label");
  assert.doesNotMatch(text, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/, "no ids in any label");
  for (const gauge of ["svc_deliveries_in_flight", "svc_endpoints_circuit_open", "svc_deliveries_pending"]) assert.equal(after.get(gauge)?.type, "GAUGE", gauge);
});

test("/metrics needs an admin credential unless SVC_METRICS_PUBLIC=true, and is 404 when turned off", async (t) => {
  assert.equal((await svc().request("/metrics", { apiKey: null })).status, 401);
  const open = await startTestService(t, { env: { SVC_METRICS_PUBLIC: "true" } });
  assert.equal((await open.request("/metrics", { apiKey: null })).status, 200);
  const off = await startTestService(t, { env: { SVC_METRICS_ENABLED: "false" } });
  assert.equal((await off.request("/metrics")).status, 404);
});
