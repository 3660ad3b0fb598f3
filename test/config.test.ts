import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { ConfigError, loadConfig } from "../lib/config.ts";
import { parseDurationMs } from "../lib/duration.ts";

const KEY = "a".repeat(64);
const base = {
  DATABASE_URL: "postgres://localhost/svc",
  SVC_ENCRYPTION_KEYS: `main=${KEY}`,
  SVC_ENCRYPTION_PRIMARY_KEY_ID: "main",
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
  assert.fail("expected the configuration to be refused");
}

test("a minimal valid environment parses with the documented defaults", () => {
  const { config } = loadConfig(base);
  assert.equal(config.port, 8080);
  assert.equal(config.host, "0.0.0.0");
  assert.equal(config.maxBodyBytes, 5 * 1024 * 1024);
  assert.equal(config.eventRetentionDays, 0);
  assert.equal(config.tokenDefaultTtlSeconds, 90 * 86400);
  assert.equal(config.serveUi, false);
  assert.equal(config.autoRegisterEvents, false);
  assert.deepEqual(config.allowedNetworks, []);
  assert.equal(config.encryptionKeys.get("main")?.toString("hex"), KEY);
});

for (const variable of ["DATABASE_URL", "SVC_ENCRYPTION_KEYS", "SVC_ENCRYPTION_PRIMARY_KEY_ID"] as const) {
  test(`a missing ${variable} is refused with a line naming it`, () => {
    const problems = problemsOf({ ...base, [variable]: undefined });
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, new RegExp(`^${variable} `));
  });
}

test("a keyring entry that is not <id>=<64 hex> is refused", () => {
  for (const keys of [`main=${"a".repeat(63)}`, `main=${"g".repeat(64)}`, KEY, `main=${KEY},broken`, `=${KEY}`]) {
    const problems = problemsOf({ ...base, SVC_ENCRYPTION_KEYS: keys });
    assert.ok(
      problems.some((p) => p.startsWith("SVC_ENCRYPTION_KEYS")),
      `${keys}: ${problems}`,
    );
  }
});

test("a primary key id that is not in the ring is refused", () => {
  const problems = problemsOf({ ...base, SVC_ENCRYPTION_PRIMARY_KEY_ID: "other" });
  assert.deepEqual(problems, ['SVC_ENCRYPTION_PRIMARY_KEY_ID "other" is not a key id in SVC_ENCRYPTION_KEYS']);
});

test("an invalid SVC_ALLOWED_NETWORKS CIDR is refused, valid ones are kept", () => {
  for (const bad of ["10.0.0.0/33", "10.0.0.0", "300.1.1.1/8", "fd00::/129", "example.com/24", "10.0.0.0/8/1"]) {
    const problems = problemsOf({ ...base, SVC_ALLOWED_NETWORKS: `127.0.0.1/32,${bad}` });
    assert.equal(problems.length, 1, bad);
    assert.match(problems[0]!, /^SVC_ALLOWED_NETWORKS entry/);
    assert.ok(problems[0]!.includes(bad));
  }
  const { config } = loadConfig({ ...base, SVC_ALLOWED_NETWORKS: " 127.0.0.1/32 , fd00::/8 " });
  assert.deepEqual(config.allowedNetworks, ["127.0.0.1/32", "fd00::/8"]);
});

test("SVC_MAX_BODY_BYTES below 1 MiB is refused", () => {
  assert.match(
    problemsOf({ ...base, SVC_MAX_BODY_BYTES: String(1024 * 1024 - 1) })[0]!,
    /^SVC_MAX_BODY_BYTES must be at least 1 MiB/,
  );
  assert.match(problemsOf({ ...base, SVC_MAX_BODY_BYTES: "lots" })[0]!, /^SVC_MAX_BODY_BYTES/);
  assert.equal(loadConfig({ ...base, SVC_MAX_BODY_BYTES: String(1024 * 1024) }).config.maxBodyBytes, 1024 * 1024);
});

test("production refuses a missing or short master key; elsewhere a short key only warns", () => {
  assert.match(
    problemsOf({ ...base, ENVIRONMENT: "production" })[0]!,
    /^SVC_API_KEY is required when ENVIRONMENT=production/,
  );
  assert.match(
    problemsOf({ ...base, ENVIRONMENT: "production", SVC_API_KEY: "x".repeat(31) })[0]!,
    /^SVC_API_KEY must be at least 32 characters/,
  );
  assert.equal(loadConfig({ ...base, ENVIRONMENT: "production", SVC_API_KEY: "x".repeat(32) }).config.production, true);
  const { warnings } = loadConfig({ ...base, SVC_API_KEY: "short" });
  assert.ok(warnings.some((w) => w.includes("shorter than 32")));
});

test("no master key outside production disables authentication loudly", () => {
  const { config, warnings } = loadConfig(base);
  assert.equal(config.apiKey, undefined);
  assert.ok(warnings.some((w) => w.includes("authentication is DISABLED")));
});

test("booleans accept true/false and refuse anything else", () => {
  assert.equal(loadConfig({ ...base, SVC_SERVE_UI: "true" }).config.serveUi, true);
  assert.equal(loadConfig({ ...base, SVC_SERVE_UI: "0" }).config.serveUi, false);
  assert.match(
    problemsOf({ ...base, SVC_AUTO_REGISTER_EVENTS: "maybe" })[0]!,
    /^SVC_AUTO_REGISTER_EVENTS must be true or false/,
  );
});

test("SVC_PORTAL_FRAME_ANCESTORS defaults to * and takes a space-separated source list, nothing that breaks the CSP", () => {
  assert.equal(loadConfig(base).config.portalFrameAncestors, "*");
  assert.equal(
    loadConfig({ ...base, SVC_PORTAL_FRAME_ANCESTORS: " 'self'   https://app.example.com " }).config
      .portalFrameAncestors,
    "'self' https://app.example.com",
  );
  assert.match(
    problemsOf({ ...base, SVC_PORTAL_FRAME_ANCESTORS: "'self'; script-src *" })[0]!,
    /^SVC_PORTAL_FRAME_ANCESTORS .* is not a CSP source list/,
  );
});

test("SVC_TOKEN_DEFAULT_TTL takes Go durations plus d, and 0 for never", () => {
  assert.equal(loadConfig({ ...base, SVC_TOKEN_DEFAULT_TTL: "12h" }).config.tokenDefaultTtlSeconds, 12 * 3600);
  assert.equal(loadConfig({ ...base, SVC_TOKEN_DEFAULT_TTL: "7d" }).config.tokenDefaultTtlSeconds, 7 * 86400);
  assert.equal(loadConfig({ ...base, SVC_TOKEN_DEFAULT_TTL: "0" }).config.tokenDefaultTtlSeconds, 0);
  assert.match(problemsOf({ ...base, SVC_TOKEN_DEFAULT_TTL: "ninety days" })[0]!, /^SVC_TOKEN_DEFAULT_TTL/);
});

test("durations parse like Go's time.ParseDuration with a d unit", () => {
  assert.equal(parseDurationMs("1h30m"), 90 * 60_000);
  assert.equal(parseDurationMs("1.5h"), 90 * 60_000);
  assert.equal(parseDurationMs("300ms"), 300);
  assert.equal(parseDurationMs("90d"), 90 * 86_400_000);
  assert.equal(parseDurationMs("2h45m30s"), (2 * 3600 + 45 * 60 + 30) * 1000);
  assert.equal(parseDurationMs("0"), 0);
  for (const bad of ["", "1", "h", "1x", "1h 30m", "-1h", "1hh"]) assert.equal(parseDurationMs(bad), undefined, bad);
});

test("the server process exits non-zero with one line per refused variable", () => {
  const result = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      PATH: process.env.PATH,
      ENVIRONMENT: "production",
      SVC_ENCRYPTION_KEYS: `main=${KEY}`,
      SVC_ENCRYPTION_PRIMARY_KEY_ID: "main",
      DATABASE_URL: "postgres://127.0.0.1:1/none",
      SVC_API_KEY: "short",
    },
    encoding: "utf8",
    timeout: 30_000,
  });
  assert.equal(result.status, 78);
  const lines = result.stderr.trim().split("\n");
  assert.deepEqual(lines, [
    "svc: configuration error: SVC_API_KEY must be at least 32 characters when ENVIRONMENT=production",
  ]);
});

test("the server process names every missing required variable", () => {
  const result = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { PATH: process.env.PATH },
    encoding: "utf8",
    timeout: 30_000,
  });
  assert.equal(result.status, 78);
  const lines = result.stderr.trim().split("\n");
  assert.equal(lines.length, 3);
  for (const v of ["SVC_ENCRYPTION_KEYS", "SVC_ENCRYPTION_PRIMARY_KEY_ID", "DATABASE_URL"])
    assert.ok(
      lines.some((l) => l.startsWith(`svc: configuration error: ${v} `)),
      v,
    );
});

test("delivery isolation and auto-disable settings have defaults, bounds and clear refusals", () => {
  assert.deepEqual(loadConfig(base).config.delivery, {
    maxInFlight: 256,
    perWebhook: 64,
    perOrigin: 128,
    circuitFailures: 5,
    autoDisableAfterSeconds: 0,
  });
  const custom = loadConfig({
    ...base,
    SVC_MAX_IN_FLIGHT: "16",
    SVC_MAX_IN_FLIGHT_PER_WEBHOOK: "64",
    SVC_CIRCUIT_FAILURES: "0",
    SVC_AUTO_DISABLE_AFTER: "3d",
  }).config.delivery;
  assert.deepEqual(
    custom,
    { maxInFlight: 16, perWebhook: 16, perOrigin: 16, circuitFailures: 0, autoDisableAfterSeconds: 259_200 },
    "a share never exceeds the whole",
  );
  assert.match(problemsOf({ ...base, SVC_MAX_IN_FLIGHT: "0" })[0]!, /^SVC_MAX_IN_FLIGHT must be between 1 and 10000/);
  assert.match(
    problemsOf({ ...base, SVC_MAX_IN_FLIGHT_PER_WEBHOOK: "many" })[0]!,
    /^SVC_MAX_IN_FLIGHT_PER_WEBHOOK must be a whole number/,
  );
  assert.match(
    problemsOf({ ...base, SVC_AUTO_DISABLE_AFTER: "10s" })[0]!,
    /^SVC_AUTO_DISABLE_AFTER "10s" must be a duration of at least 1m/,
  );
  assert.match(problemsOf({ ...base, SVC_AUTO_DISABLE_AFTER: "soon" })[0]!, /^SVC_AUTO_DISABLE_AFTER "soon"/);
});

test("OpenTelemetry takes the standard OTEL_* variables, with defaults and clear refusals", () => {
  const off = loadConfig(base).config.otel;
  assert.deepEqual(
    [off.endpoint, off.protocol, off.serviceName, off.sampler, off.webhookTraceparent],
    [undefined, "http/protobuf", "svc", "parentbased_always_on", true],
  );
  const on = loadConfig({
    ...base,
    OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4317",
    OTEL_EXPORTER_OTLP_PROTOCOL: "grpc",
    OTEL_EXPORTER_OTLP_HEADERS: "Authorization=Bearer%20abc, x-tenant=t1",
    OTEL_RESOURCE_ATTRIBUTES: "service.name=from-attrs,deployment.environment=prod",
    OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
    OTEL_TRACES_SAMPLER_ARG: "0.25",
    SVC_WEBHOOK_TRACEPARENT: "false",
  }).config.otel;
  assert.deepEqual(on.headers, { authorization: "Bearer abc", "x-tenant": "t1" });
  assert.equal(
    on.serviceName,
    "from-attrs",
    "service.name from the resource attributes when OTEL_SERVICE_NAME is unset",
  );
  assert.equal(
    loadConfig({ ...base, OTEL_SERVICE_NAME: "named", OTEL_RESOURCE_ATTRIBUTES: "service.name=x" }).config.otel
      .serviceName,
    "named",
  );
  assert.deepEqual(
    [on.protocol, on.sampler, on.samplerRatio, on.webhookTraceparent],
    ["grpc", "parentbased_traceidratio", 0.25, false],
  );
  assert.equal(
    loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" }).config.otel
      .endpoint,
    undefined,
    "OTEL_SDK_DISABLED wins",
  );
  assert.match(
    problemsOf({ ...base, OTEL_EXPORTER_OTLP_PROTOCOL: "udp" }).join("\n"),
    /OTEL_EXPORTER_OTLP_PROTOCOL must be grpc, http\/protobuf or http\/json/,
  );
  assert.match(problemsOf({ ...base, OTEL_TRACES_SAMPLER: "sometimes" }).join("\n"), /OTEL_TRACES_SAMPLER must be/);
  assert.match(
    problemsOf({ ...base, OTEL_TRACES_SAMPLER_ARG: "2" }).join("\n"),
    /OTEL_TRACES_SAMPLER_ARG must be a ratio/,
  );
  assert.match(
    problemsOf({ ...base, OTEL_EXPORTER_OTLP_HEADERS: "novalue" }).join("\n"),
    /OTEL_EXPORTER_OTLP_HEADERS must be comma-separated key=value/,
  );
});

test("SVC_TRUSTED_PROXIES takes CIDRs and refuses anything else", () => {
  const { config } = loadConfig({ ...base, SVC_TRUSTED_PROXIES: " 10.0.0.0/8 , ::1/128 " });
  assert.equal(config.trustedProxies.has("10.2.3.4"), true);
  assert.equal(config.trustedProxies.has("::1"), true);
  assert.equal(config.trustedProxies.has("192.168.1.1"), false);
  assert.equal(loadConfig(base).config.trustedProxies.any, false);
  const problems = problemsOf({ ...base, SVC_TRUSTED_PROXIES: "10.0.0.0/8,nginx" });
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /^SVC_TRUSTED_PROXIES entry "nginx" is not a CIDR/);
});

test("SVC_PUBLIC_URL must be an absolute http(s) URL; its path becomes the prefix", () => {
  assert.deepEqual(loadConfig({ ...base, SVC_PUBLIC_URL: "https://example.com/svc/" }).config.publicUrl, {
    href: "https://example.com/svc",
    origin: "https://example.com",
    prefix: "/svc",
  });
  assert.deepEqual(loadConfig({ ...base, SVC_PUBLIC_URL: "http://svc.example.com:8443" }).config.publicUrl, {
    href: "http://svc.example.com:8443",
    origin: "http://svc.example.com:8443",
    prefix: "",
  });
  assert.equal(loadConfig(base).config.publicUrl, undefined);
  for (const bad of [
    "/svc",
    "ftp://example.com",
    "https://example.com/svc?x=1",
    "https://example.com/#a",
    "example.com",
  ]) {
    const problems = problemsOf({ ...base, SVC_PUBLIC_URL: bad });
    assert.match(problems[0]!, /^SVC_PUBLIC_URL /, bad);
  }
});
