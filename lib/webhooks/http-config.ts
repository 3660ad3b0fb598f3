// WebhookHTTPConfig: defaults from the CONTRACT, applied whenever a config is written (its ranges are checked
// where requests are parsed: handlers/schemas/webhooks.ts).

export interface HttpConfig {
  max_retries: number;
  retry_backoff_seconds: number;
  request_timeout_seconds: number;
  /** Empty means any 2xx. */
  expected_status_codes: number[];
  verify_ssl: boolean;
  capture_response_body: boolean;
  follow_redirects: boolean;
  rate_limit_rps: number | null;
  /** A 410 Gone answer pauses the webhook (its deliveries stop) instead of only failing the delivery. */
  pause_on_gone: boolean;
  /** Pause after this long with only failures; 0 = the server default (SVC_AUTO_DISABLE_AFTER, unset = never). */
  auto_disable_after_seconds: number;
}

/** The webhook columns holding HttpConfig, named as its fields: every query that reads or writes it derives from this list. */
export const HTTP_CONFIG_COLUMNS = [
  "max_retries",
  "retry_backoff_seconds",
  "request_timeout_seconds",
  "expected_status_codes",
  "verify_ssl",
  "capture_response_body",
  "follow_redirects",
  "rate_limit_rps",
  "pause_on_gone",
  "auto_disable_after_seconds",
] as const satisfies readonly (keyof HttpConfig)[];

// Every field of HttpConfig has its column: a field added to one and not the other fails to compile.
const everyFieldListed: Exclude<keyof HttpConfig, (typeof HTTP_CONFIG_COLUMNS)[number]> extends never ? true : never =
  true;
void everyFieldListed;

/**
 * The config columns for a select list, optionally qualified by a table alias: the statements that read a webhook
 * whole (webhooks/record.ts, the worker's deliveries/sql/load-targets.ts) select them from this list, so a config
 * field added to HttpConfig reaches every one of them (or fails to compile above).
 */
export const httpConfigColumns = (alias?: string) =>
  HTTP_CONFIG_COLUMNS.map((c) => (alias ? `${alias}.${c}` : c)).join(", ");

/** The config from a row that selected httpConfigColumns(). */
export const httpConfigFromRow = (row: HttpConfig): HttpConfig =>
  Object.fromEntries(HTTP_CONFIG_COLUMNS.map((c) => [c, row[c]])) as unknown as HttpConfig;

/** The config's values in HTTP_CONFIG_COLUMNS order. */
export const httpConfigValues = (c: HttpConfig): unknown[] => HTTP_CONFIG_COLUMNS.map((k) => c[k]);

export const DEFAULT_HTTP_CONFIG: HttpConfig = {
  max_retries: 3,
  retry_backoff_seconds: 60,
  request_timeout_seconds: 30,
  expected_status_codes: [200, 201, 202, 204],
  verify_ssl: true,
  capture_response_body: false,
  follow_redirects: true,
  rate_limit_rps: null,
  pause_on_gone: true,
  auto_disable_after_seconds: 0,
};

/** http_config as a request carries it: every field optional (omitted = default), the secret included. */
export type HttpConfigInput = Partial<HttpConfig> & { webhook_secret?: string };

/**
 * A complete config from a request's partial one. A zero value (as protobuf JSON sends for "unset") means the
 * default, except where zero is meaningful: max_retries 0 = no retries when given explicitly.
 */
export function completeHttpConfig(input: HttpConfigInput | undefined, deprecatedTimeoutSeconds = 0): HttpConfig {
  const c = input ?? {};
  const timeout =
    c.request_timeout_seconds ||
    (deprecatedTimeoutSeconds > 0 ? deprecatedTimeoutSeconds : DEFAULT_HTTP_CONFIG.request_timeout_seconds);
  return {
    max_retries: c.max_retries ?? DEFAULT_HTTP_CONFIG.max_retries,
    retry_backoff_seconds: c.retry_backoff_seconds || DEFAULT_HTTP_CONFIG.retry_backoff_seconds,
    request_timeout_seconds: Math.min(300, timeout),
    expected_status_codes: c.expected_status_codes
      ? [...new Set(c.expected_status_codes)].sort((a, b) => a - b)
      : [...DEFAULT_HTTP_CONFIG.expected_status_codes],
    verify_ssl: c.verify_ssl ?? DEFAULT_HTTP_CONFIG.verify_ssl,
    capture_response_body: c.capture_response_body ?? DEFAULT_HTTP_CONFIG.capture_response_body,
    follow_redirects: c.follow_redirects ?? DEFAULT_HTTP_CONFIG.follow_redirects,
    rate_limit_rps: c.rate_limit_rps ?? null,
    pause_on_gone: c.pause_on_gone ?? DEFAULT_HTTP_CONFIG.pause_on_gone,
    auto_disable_after_seconds: c.auto_disable_after_seconds ?? DEFAULT_HTTP_CONFIG.auto_disable_after_seconds,
  };
}

/** Whether a response code counts as success for this config. */
export function isExpectedStatus(config: Pick<HttpConfig, "expected_status_codes">, status: number): boolean {
  return config.expected_status_codes.length === 0
    ? status >= 200 && status < 300
    : config.expected_status_codes.includes(status);
}
