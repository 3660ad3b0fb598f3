# svc's API on workerd (Cloudflare's open-source Workers runtime), serving dist/fetch.js:
#   workerd serve deploy/workerd/svc.capnp [--socket-addr http=0.0.0.0:8080]
# with the variables of the README in workerd's own environment (DATABASE_URL, SVC_ENCRYPTION_KEYS, …): each binding
# below takes its value from there, and one that is unset stays unset. Delivery workers and scheduled jobs do not run
# here: run `svc serve` (the binary, or node dist/server.js) beside it against the same database. See docs/runtimes.md.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "svc", worker = .svc),
    # PostgreSQL is reached over TCP through this service: public, private and loopback addresses, since the database
    # usually sits on a private network or on the same host. Narrow it to what your database needs.
    (name = "database-network", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "*:8080", http = (), service = "svc")],
);

const svc :Workerd.Worker = (
  modules = [(name = "fetch.js", esModule = embed "../../dist/fetch.js")],
  # node-postgres and svc use Node's Buffer, events, timers and crypto modules: workerd offers them by default from
  # 2026-08-04 on (for an earlier compatibility date, add compatibilityFlags = ["nodejs_compat"]).
  compatibilityDate = "2026-11-01",
  globalOutbound = "database-network",
  bindings = [
    (name = "DATABASE_URL", fromEnvironment = "DATABASE_URL"),
    (name = "SVC_ENCRYPTION_KEYS", fromEnvironment = "SVC_ENCRYPTION_KEYS"),
    (name = "SVC_ENCRYPTION_PRIMARY_KEY_ID", fromEnvironment = "SVC_ENCRYPTION_PRIMARY_KEY_ID"),
    (name = "SVC_API_KEY", fromEnvironment = "SVC_API_KEY"),
    (name = "ENVIRONMENT", fromEnvironment = "ENVIRONMENT"),
    (name = "SVC_SERVE_UI", fromEnvironment = "SVC_SERVE_UI"),
    (name = "SVC_PORTAL_FRAME_ANCESTORS", fromEnvironment = "SVC_PORTAL_FRAME_ANCESTORS"),
    (name = "CORS_ALLOWED_ORIGINS", fromEnvironment = "CORS_ALLOWED_ORIGINS"),
    (name = "SVC_ALLOWED_NETWORKS", fromEnvironment = "SVC_ALLOWED_NETWORKS"),
    (name = "SVC_ALLOW_PRIVATE_NETWORKS", fromEnvironment = "SVC_ALLOW_PRIVATE_NETWORKS"),
    (name = "SVC_MAX_BODY_BYTES", fromEnvironment = "SVC_MAX_BODY_BYTES"),
    (name = "SVC_TOKEN_DEFAULT_TTL", fromEnvironment = "SVC_TOKEN_DEFAULT_TTL"),
    (name = "SVC_AUTO_REGISTER_EVENTS", fromEnvironment = "SVC_AUTO_REGISTER_EVENTS"),
    (name = "SVC_AUTO_DISABLE_AFTER", fromEnvironment = "SVC_AUTO_DISABLE_AFTER"),
    (name = "SVC_CIRCUIT_FAILURES", fromEnvironment = "SVC_CIRCUIT_FAILURES"),
    (name = "SVC_EVENT_RETENTION_DAYS", fromEnvironment = "SVC_EVENT_RETENTION_DAYS"),
    (name = "SVC_METRICS_ENABLED", fromEnvironment = "SVC_METRICS_ENABLED"),
    (name = "SVC_METRICS_PUBLIC", fromEnvironment = "SVC_METRICS_PUBLIC"),
    (name = "SVC_METRICS_PER_WEBHOOK", fromEnvironment = "SVC_METRICS_PER_WEBHOOK"),
    (name = "SVC_LOG_LEVEL", fromEnvironment = "SVC_LOG_LEVEL"),
    (name = "SVC_DATABASE_POOLER", fromEnvironment = "SVC_DATABASE_POOLER"),
    (name = "SVC_DATABASE_READ_URL", fromEnvironment = "SVC_DATABASE_READ_URL"),
    (name = "SVC_READ_MAX_LAG", fromEnvironment = "SVC_READ_MAX_LAG"),
    (name = "SVC_TRUSTED_PROXIES", fromEnvironment = "SVC_TRUSTED_PROXIES"),
    (name = "SVC_PUBLIC_URL", fromEnvironment = "SVC_PUBLIC_URL"),
  ],
);
