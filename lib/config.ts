// The environment, parsed once at start-up with zod. Nothing else in svc reads process.env.
import { z } from "zod";
import { parseDatabaseUrl } from "./db/url.ts";
import { parseDurationMs } from "./duration.ts";
import { parseCidr } from "./egress/policy.ts";
import { trustedProxies } from "./trusted-proxies.ts";

const MiB = 1024 * 1024;

/** Why a CIDR is invalid, or undefined when it is valid. */
function validateCidr(cidr: string): string | undefined {
  try {
    parseCidr(cidr);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
const DAY_SECONDS = 86_400;

/** A percent-encoded OTEL_* value; one that does not decode is kept as written. */
function decodeValue(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

const bool = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const s = v.trim().toLowerCase();
      if (["true", "1", "yes", "on"].includes(s)) return true;
      if (["false", "0", "no", "off"].includes(s)) return false;
      ctx.addIssue({ code: "custom", message: `${name} must be true or false, got "${v}"` });
      return z.NEVER;
    });

/** A whole number setting within bounds. */
const count = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`)
    .default(fallback);

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

const keyring = z
  .string({ error: "SVC_ENCRYPTION_KEYS is required: set comma-separated <key-id>=<64 hex chars> entries" })
  .transform((v, ctx) => {
    const keys = new Map<string, Buffer>();
    for (const entry of v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const m = /^([A-Za-z0-9_.:-]{1,64})=([0-9a-fA-F]{64})$/.exec(entry);
      if (!m) {
        const id = entry.split("=")[0] ?? "";
        ctx.addIssue({
          code: "custom",
          message: `SVC_ENCRYPTION_KEYS entry "${id}" must be <key-id>=<64 hex chars> (32 random bytes, e.g. from \`openssl rand -hex 32\`)`,
        });
        continue;
      }
      if (keys.has(m[1]!))
        ctx.addIssue({ code: "custom", message: `SVC_ENCRYPTION_KEYS lists key id "${m[1]}" twice` });
      keys.set(m[1]!, Buffer.from(m[2]!, "hex"));
    }
    if (keys.size === 0)
      ctx.addIssue({
        code: "custom",
        message: "SVC_ENCRYPTION_KEYS is empty: add at least one <key-id>=<64 hex chars> entry",
      });
    return keys;
  });

/** A connection URL node-postgres cannot take as it is (several hosts, target_session_attrs) is checked here. */
const databaseUrlProblem = (name: string) => (v: string, ctx: z.RefinementCtx) => {
  try {
    parseDatabaseUrl(v);
  } catch (err) {
    ctx.addIssue({ code: "custom", message: `${name} ${(err as Error).message}` });
  }
};

const optionalDatabaseUrl = (name: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine(
      (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
      `${name} must be a postgres:// or postgresql:// URL`,
    )
    .superRefine((v, ctx) => {
      if (v !== undefined) databaseUrlProblem(name)(v, ctx);
    });

const Env = z.object({
  ENVIRONMENT: z
    .string()
    .optional()
    .transform((v) => (v ?? "development").trim().toLowerCase() || "development"),
  SVC_API_KEY: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  SVC_ENCRYPTION_KEYS: keyring,
  SVC_ENCRYPTION_PRIMARY_KEY_ID: z
    .string({ error: "SVC_ENCRYPTION_PRIMARY_KEY_ID is required: set it to one key id from SVC_ENCRYPTION_KEYS" })
    .trim()
    .min(1, "SVC_ENCRYPTION_PRIMARY_KEY_ID is empty: set it to one key id from SVC_ENCRYPTION_KEYS"),
  DATABASE_URL: z
    .string({
      error: "DATABASE_URL is required: set a PostgreSQL connection string (postgres://user:pass@host:5432/db)",
    })
    .trim()
    .min(1, "DATABASE_URL is empty: set a PostgreSQL connection string")
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must be a postgres:// or postgresql:// URL")
    .superRefine(databaseUrlProblem("DATABASE_URL")),
  // docs/high-availability.md: a transaction-mode pooler in front, where LISTEN goes, read replicas.
  SVC_DATABASE_POOLER: z
    .enum(["none", "transaction"], {
      error: "SVC_DATABASE_POOLER must be none or transaction (PgBouncer with pool_mode = transaction)",
    })
    .default("none"),
  SVC_DATABASE_LISTEN_URL: optionalDatabaseUrl("SVC_DATABASE_LISTEN_URL"),
  SVC_DATABASE_READ_URL: optionalDatabaseUrl("SVC_DATABASE_READ_URL"),
  SVC_READ_MAX_LAG: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return 5;
      const ms = parseDurationMs(v);
      if (ms === undefined || ms < 1000) {
        ctx.addIssue({
          code: "custom",
          message: `SVC_READ_MAX_LAG "${v}" must be a duration of at least 1s (Go syntax, e.g. 5s, 1m)`,
        });
        return z.NEVER;
      }
      return ms / 1000;
    }),
  SVC_SERVE_UI: bool("SVC_SERVE_UI", false),
  // The portal's CSP frame-ancestors: a source list (`*`, `'self'`, `https://app.example.com`, …).
  SVC_PORTAL_FRAME_ANCESTORS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? "").trim().replace(/\s+/g, " ") || "*";
      if (/[;,\u0000-\u001f\u007f-\uffff]/.test(value)) {
        ctx.addIssue({
          code: "custom",
          message:
            `SVC_PORTAL_FRAME_ANCESTORS "${v}" is not a CSP source list: separate sources with spaces ` +
            `(e.g. "'self' https://app.example.com"), no ';' or ','`,
        });
        return z.NEVER;
      }
      return value;
    }),
  CORS_ALLOWED_ORIGINS: csv,
  SVC_ALLOWED_NETWORKS: csv.transform((list, ctx) => {
    for (const cidr of list) {
      const problem = validateCidr(cidr);
      if (problem)
        ctx.addIssue({
          code: "custom",
          message: `SVC_ALLOWED_NETWORKS entry "${cidr}" is not a valid CIDR: ${problem}`,
        });
    }
    return list;
  }),
  // Proxies whose X-Forwarded-* / Forwarded headers are believed (docs/reverse-proxy.md); empty = none.
  SVC_TRUSTED_PROXIES: csv.transform((list, ctx) => {
    for (const cidr of list) {
      try {
        trustedProxies([cidr]);
      } catch {
        ctx.addIssue({
          code: "custom",
          message: `SVC_TRUSTED_PROXIES entry "${cidr}" is not a CIDR: use <address>/<prefix length>, e.g. 10.0.0.0/8 or ::1/128`,
        });
      }
    }
    return list;
  }),
  // Where users reach svc (e.g. https://example.com/svc): absolute links, the accepted browser origin, the path prefix.
  SVC_PUBLIC_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      const bad = () => {
        ctx.addIssue({
          code: "custom",
          message: `SVC_PUBLIC_URL "${v}" must be an absolute http(s) URL without query or fragment, e.g. https://example.com/svc`,
        });
        return z.NEVER;
      };
      let url: URL;
      try {
        url = new URL(v.trim());
      } catch {
        return bad();
      }
      if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) return bad();
      const prefix = url.pathname.replace(/\/+$/, "");
      if (/\/\/|\/\.\.?(\/|$)|%/.test(prefix)) return bad();
      return { href: url.origin + prefix, origin: url.origin, prefix };
    }),
  SVC_ALLOW_PRIVATE_NETWORKS: bool("SVC_ALLOW_PRIVATE_NETWORKS", false),
  SVC_EVENT_RETENTION_DAYS: z.coerce
    .number({ error: "SVC_EVENT_RETENTION_DAYS must be a whole number of days (0 = keep forever)" })
    .int("SVC_EVENT_RETENTION_DAYS must be a whole number of days (0 = keep forever)")
    .min(0, "SVC_EVENT_RETENTION_DAYS must be 0 (keep forever) or more")
    .default(0),
  // The span of one partition of the history (events, deliveries, attempts): a day or a week.
  SVC_PARTITION_INTERVAL: z
    .enum(["1d", "1w"], { error: "SVC_PARTITION_INTERVAL must be 1d (a day, the default) or 1w (a week)" })
    .default("1d"),
  SVC_MAX_BODY_BYTES: z.coerce
    .number({ error: "SVC_MAX_BODY_BYTES must be a number of bytes" })
    .int("SVC_MAX_BODY_BYTES must be a whole number of bytes")
    .min(MiB, `SVC_MAX_BODY_BYTES must be at least 1 MiB (${MiB}); the default is 5 MiB`)
    .default(5 * MiB),
  SVC_TOKEN_DEFAULT_TTL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return 90 * DAY_SECONDS;
      const ms = parseDurationMs(v);
      if (ms === undefined || ms < 0) {
        ctx.addIssue({
          code: "custom",
          message: `SVC_TOKEN_DEFAULT_TTL "${v}" is not a duration: use Go syntax plus d, e.g. 90d, 12h, 15m, or 0 for never`,
        });
        return z.NEVER;
      }
      return Math.round(ms / 1000);
    }),
  SVC_AUTO_REGISTER_EVENTS: bool("SVC_AUTO_REGISTER_EVENTS", false),
  SVC_AI_API_KEY: z.string().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .enum(["grpc", "http/protobuf", "http/json"], {
      error: "OTEL_EXPORTER_OTLP_PROTOCOL must be grpc, http/protobuf or http/json",
    })
    .optional(),
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const headers: Record<string, string> = {};
      for (const pair of (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)) {
        const eq = pair.indexOf("=");
        if (eq <= 0) {
          ctx.addIssue({
            code: "custom",
            message: "OTEL_EXPORTER_OTLP_HEADERS must be comma-separated key=value pairs (values URL-encoded)",
          });
          return z.NEVER;
        }
        headers[pair.slice(0, eq).trim().toLowerCase()] = decodeValue(pair.slice(eq + 1).trim());
      }
      return headers;
    }),
  OTEL_SERVICE_NAME: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  OTEL_RESOURCE_ATTRIBUTES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const attributes: Record<string, string> = {};
      for (const pair of (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)) {
        const eq = pair.indexOf("=");
        if (eq <= 0) {
          ctx.addIssue({ code: "custom", message: "OTEL_RESOURCE_ATTRIBUTES must be comma-separated key=value pairs" });
          return z.NEVER;
        }
        attributes[pair.slice(0, eq).trim()] = decodeValue(pair.slice(eq + 1).trim());
      }
      return attributes;
    }),
  OTEL_TRACES_SAMPLER: z
    .enum(
      [
        "always_on",
        "always_off",
        "traceidratio",
        "parentbased_always_on",
        "parentbased_always_off",
        "parentbased_traceidratio",
      ],
      {
        error:
          "OTEL_TRACES_SAMPLER must be always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off or parentbased_traceidratio",
      },
    )
    .default("parentbased_always_on"),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: "OTEL_TRACES_SAMPLER_ARG must be a ratio between 0 and 1" })
    .min(0, "OTEL_TRACES_SAMPLER_ARG must be a ratio between 0 and 1")
    .max(1, "OTEL_TRACES_SAMPLER_ARG must be a ratio between 0 and 1")
    .default(1),
  OTEL_METRIC_EXPORT_INTERVAL: count("OTEL_METRIC_EXPORT_INTERVAL", 100, 3_600_000, 60_000),
  OTEL_SDK_DISABLED: bool("OTEL_SDK_DISABLED", false),
  SVC_WEBHOOK_TRACEPARENT: bool("SVC_WEBHOOK_TRACEPARENT", true),
  PORT: z.coerce
    .number({ error: "PORT must be a port number" })
    .int("PORT must be a port number")
    .min(0, "PORT must be between 0 and 65535")
    .max(65535, "PORT must be between 0 and 65535")
    .default(8080),
  HOST: z
    .string()
    .optional()
    .transform((v) => v?.trim() || "0.0.0.0"),
  SVC_LOG_LEVEL: z
    .enum(["debug", "info", "warn", "error"], { error: "SVC_LOG_LEVEL must be debug, info, warn or error" })
    .default("info"),
  SVC_WORKERS: bool("SVC_WORKERS", true),
  SVC_SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: "SVC_SHUTDOWN_GRACE_SECONDS must be a number of seconds" })
    .int("SVC_SHUTDOWN_GRACE_SECONDS must be a whole number of seconds")
    .min(0, "SVC_SHUTDOWN_GRACE_SECONDS must be between 0 and 25")
    .max(25, "SVC_SHUTDOWN_GRACE_SECONDS must be between 0 and 25 (shutdown completes within 30 s)")
    .default(10),
  SVC_MAX_IN_FLIGHT: count("SVC_MAX_IN_FLIGHT", 1, 10_000, 256),
  SVC_MAX_IN_FLIGHT_PER_WEBHOOK: count("SVC_MAX_IN_FLIGHT_PER_WEBHOOK", 1, 10_000, 64),
  SVC_MAX_IN_FLIGHT_PER_ORIGIN: count("SVC_MAX_IN_FLIGHT_PER_ORIGIN", 1, 10_000, 128),
  SVC_CIRCUIT_FAILURES: count("SVC_CIRCUIT_FAILURES", 0, 1_000, 5),
  SVC_METRICS_ENABLED: bool("SVC_METRICS_ENABLED", true),
  SVC_METRICS_PUBLIC: bool("SVC_METRICS_PUBLIC", false),
  SVC_METRICS_PER_WEBHOOK: bool("SVC_METRICS_PER_WEBHOOK", false),
  SVC_AUTO_DISABLE_AFTER: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "" || v.trim() === "0") return 0;
      const ms = parseDurationMs(v);
      if (ms === undefined || ms < 60_000) {
        ctx.addIssue({
          code: "custom",
          message: `SVC_AUTO_DISABLE_AFTER "${v}" must be a duration of at least 1m (Go syntax plus d, e.g. 3d, 12h), or unset to never auto-disable`,
        });
        return z.NEVER;
      }
      return Math.round(ms / 1000);
    }),
});

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

/** Parses and checks the environment; throws ConfigError with one line per problem. */
export function loadConfig(env: Record<string, string | undefined>): { config: Config; warnings: string[] } {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) =>
        i.message.includes(String(i.path[0] ?? "")) ? i.message : `${String(i.path[0])}: ${i.message}`,
      ),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const warnings: string[] = [];
  if (!e.SVC_ENCRYPTION_KEYS.has(e.SVC_ENCRYPTION_PRIMARY_KEY_ID)) {
    problems.push(
      `SVC_ENCRYPTION_PRIMARY_KEY_ID "${e.SVC_ENCRYPTION_PRIMARY_KEY_ID}" is not a key id in SVC_ENCRYPTION_KEYS`,
    );
  }
  const production = e.ENVIRONMENT === "production";
  if (production && !e.SVC_API_KEY)
    problems.push("SVC_API_KEY is required when ENVIRONMENT=production (at least 32 characters)");
  else if (e.SVC_API_KEY && e.SVC_API_KEY.length < 32) {
    if (production) problems.push("SVC_API_KEY must be at least 32 characters when ENVIRONMENT=production");
    else warnings.push("SVC_API_KEY is shorter than 32 characters: production refuses such a key");
  }
  if (e.SVC_DATABASE_POOLER === "transaction" && !e.SVC_DATABASE_LISTEN_URL)
    warnings.push(
      "SVC_DATABASE_POOLER=transaction without SVC_DATABASE_LISTEN_URL: workers find new work by polling (up to 1 s later); " +
        "set SVC_DATABASE_LISTEN_URL to a direct connection for instant wake-ups",
    );
  if (!e.SVC_API_KEY)
    warnings.push(
      "SVC_API_KEY is not set: authentication is DISABLED, every request has full access (local development only)",
    );
  if (problems.length) throw new ConfigError(problems);
  return { config: toConfig(e), warnings };
}

function toConfig(e: z.infer<typeof Env>) {
  return {
    environment: e.ENVIRONMENT,
    production: e.ENVIRONMENT === "production",
    apiKey: e.SVC_API_KEY,
    encryptionKeys: e.SVC_ENCRYPTION_KEYS,
    primaryKeyId: e.SVC_ENCRYPTION_PRIMARY_KEY_ID,
    databaseUrl: e.DATABASE_URL,
    database: {
      /** A transaction-mode pooler is in front of DATABASE_URL (no named statements, no startup options). */
      pooled: e.SVC_DATABASE_POOLER === "transaction",
      /** Where LISTEN runs; undefined = no LISTEN, workers poll (a transaction-mode pooler cannot hold it). */
      listenUrl: e.SVC_DATABASE_LISTEN_URL ?? (e.SVC_DATABASE_POOLER === "transaction" ? undefined : e.DATABASE_URL),
      /** Lag-tolerant reads (lib/db/reads.ts); undefined = the primary serves them. */
      readUrl: e.SVC_DATABASE_READ_URL,
      readMaxLagSeconds: e.SVC_READ_MAX_LAG,
    },
    serveUi: e.SVC_SERVE_UI,
    portalFrameAncestors: e.SVC_PORTAL_FRAME_ANCESTORS,
    corsAllowedOrigins: e.CORS_ALLOWED_ORIGINS,
    allowedNetworks: e.SVC_ALLOWED_NETWORKS,
    allowPrivateNetworks: e.SVC_ALLOW_PRIVATE_NETWORKS,
    /** Peers whose forwarded headers are believed (SVC_TRUSTED_PROXIES). */
    trustedProxies: trustedProxies(e.SVC_TRUSTED_PROXIES),
    /** SVC_PUBLIC_URL: `href` without a trailing slash, its `origin`, and `prefix`, its path ("" or "/svc"). */
    publicUrl: e.SVC_PUBLIC_URL,
    eventRetentionDays: e.SVC_EVENT_RETENTION_DAYS,
    partitionIntervalDays: e.SVC_PARTITION_INTERVAL === "1w" ? 7 : 1,
    maxBodyBytes: e.SVC_MAX_BODY_BYTES,
    tokenDefaultTtlSeconds: e.SVC_TOKEN_DEFAULT_TTL,
    autoRegisterEvents: e.SVC_AUTO_REGISTER_EVENTS,
    aiApiKey: e.SVC_AI_API_KEY,
    /** OpenTelemetry export (the standard OTEL_* variables); no endpoint = no exporter, nothing of the SDK loaded. */
    otel: {
      endpoint: e.OTEL_SDK_DISABLED ? undefined : e.OTEL_EXPORTER_OTLP_ENDPOINT,
      protocol: e.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf",
      headers: e.OTEL_EXPORTER_OTLP_HEADERS,
      serviceName: e.OTEL_SERVICE_NAME ?? e.OTEL_RESOURCE_ATTRIBUTES["service.name"] ?? "svc",
      resourceAttributes: e.OTEL_RESOURCE_ATTRIBUTES,
      sampler: e.OTEL_TRACES_SAMPLER,
      samplerRatio: e.OTEL_TRACES_SAMPLER_ARG,
      metricExportIntervalMs: e.OTEL_METRIC_EXPORT_INTERVAL,
      /** Send W3C traceparent on webhook requests (SVC_WEBHOOK_TRACEPARENT). */
      webhookTraceparent: e.SVC_WEBHOOK_TRACEPARENT,
    },
    port: e.PORT,
    host: e.HOST,
    logLevel: e.SVC_LOG_LEVEL,
    workers: e.SVC_WORKERS,
    shutdownGraceSeconds: e.SVC_SHUTDOWN_GRACE_SECONDS,
    metrics: {
      enabled: e.SVC_METRICS_ENABLED,
      public: e.SVC_METRICS_PUBLIC,
      // The contract names the switch per webhook; what it adds is a consumer label (webhook ids are unbounded).
      consumerLabel: e.SVC_METRICS_PER_WEBHOOK,
    },
    delivery: {
      maxInFlight: e.SVC_MAX_IN_FLIGHT,
      // A share never exceeds the whole.
      perWebhook: Math.min(e.SVC_MAX_IN_FLIGHT_PER_WEBHOOK, e.SVC_MAX_IN_FLIGHT),
      perOrigin: Math.min(e.SVC_MAX_IN_FLIGHT_PER_ORIGIN, e.SVC_MAX_IN_FLIGHT),
      circuitFailures: e.SVC_CIRCUIT_FAILURES,
      /** Seconds of only failures after which a webhook is paused; 0 = never (a webhook may set its own). */
      autoDisableAfterSeconds: e.SVC_AUTO_DISABLE_AFTER,
    },
  };
}
