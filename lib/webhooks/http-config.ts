// WebhookHTTPConfig: defaults and ranges from the CONTRACT, applied whenever a config is written.
import { z } from "zod";
import { int32 } from "../http/wire.ts";

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
}

export const DEFAULT_HTTP_CONFIG: HttpConfig = {
  max_retries: 3,
  retry_backoff_seconds: 60,
  request_timeout_seconds: 30,
  expected_status_codes: [200, 201, 202, 204],
  verify_ssl: true,
  capture_response_body: false,
  follow_redirects: true,
  rate_limit_rps: null,
};

const range = (name: string, min: number, max: number) => int32().pipe(z.number().min(min, `${name} must be between ${min} and ${max}`).max(max, `${name} must be between ${min} and ${max}`));

/** http_config as a request carries it: every field optional (omitted = default), the secret included. */
export const httpConfigInput = () =>
  z.object({
    max_retries: range("max_retries", 0, 10).optional(),
    retry_backoff_seconds: range("retry_backoff_seconds", 1, 3600).optional(),
    request_timeout_seconds: range("request_timeout_seconds", 1, 300).optional(),
    expected_status_codes: z.array(range("expected_status_codes", 100, 599)).max(100).optional(),
    verify_ssl: z.boolean().optional(),
    capture_response_body: z.boolean().optional(),
    follow_redirects: z.boolean().optional(),
    rate_limit_rps: z.number().positive("rate_limit_rps must be greater than 0").max(100_000).nullable().optional(),
    webhook_secret: z.string().max(200).optional(),
  });

export type HttpConfigInput = z.output<ReturnType<typeof httpConfigInput>>;

/**
 * A complete config from a request's partial one. A zero value (as protobuf JSON sends for "unset") means the
 * default, except where zero is meaningful: max_retries 0 = no retries when given explicitly.
 */
export function completeHttpConfig(input: HttpConfigInput | undefined, deprecatedTimeoutSeconds = 0): HttpConfig {
  const c = input ?? {};
  const timeout = c.request_timeout_seconds || (deprecatedTimeoutSeconds > 0 ? deprecatedTimeoutSeconds : DEFAULT_HTTP_CONFIG.request_timeout_seconds);
  return {
    max_retries: c.max_retries ?? DEFAULT_HTTP_CONFIG.max_retries,
    retry_backoff_seconds: c.retry_backoff_seconds || DEFAULT_HTTP_CONFIG.retry_backoff_seconds,
    request_timeout_seconds: Math.min(300, timeout),
    expected_status_codes: c.expected_status_codes ? [...new Set(c.expected_status_codes)].sort((a, b) => a - b) : [...DEFAULT_HTTP_CONFIG.expected_status_codes],
    verify_ssl: c.verify_ssl ?? DEFAULT_HTTP_CONFIG.verify_ssl,
    capture_response_body: c.capture_response_body ?? DEFAULT_HTTP_CONFIG.capture_response_body,
    follow_redirects: c.follow_redirects ?? DEFAULT_HTTP_CONFIG.follow_redirects,
    rate_limit_rps: c.rate_limit_rps ?? null,
  };
}

/** Whether a response code counts as success for this config. */
export function isExpectedStatus(config: Pick<HttpConfig, "expected_status_codes">, status: number): boolean {
  return config.expected_status_codes.length === 0 ? status >= 200 && status < 300 : config.expected_status_codes.includes(status);
}
