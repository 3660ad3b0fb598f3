// The API's fixed words, for pickers and labels. The server validates; the lists are checked against the generated
// types at compile time (a word the API adds or drops fails the check), and URL values are narrowed with oneOf.
import type { DeliveryStatus, ErrorCategory, HealthState } from "./types.ts";

export const DELIVERY_STATUSES = [
  "pending",
  "sending",
  "success",
  "retrying",
  "failed",
  "expired",
] as const satisfies readonly DeliveryStatus[];

export const ERROR_CATEGORIES = [
  "success",
  "client_error",
  "server_error",
  "timeout",
  "connection_refused",
  "network_error",
  "dns_error",
  "tls_error",
  "unexpected_status",
  "rate_limited",
  "template_error",
  "unknown",
] as const satisfies readonly ErrorCategory[];

export const HEALTH_STATES = [
  "healthy",
  "degraded",
  "unhealthy",
  "unspecified",
] as const satisfies readonly HealthState[];

const HEALTH_LABEL: Record<HealthState, string> = {
  healthy: "Healthy",
  degraded: "Degraded",
  unhealthy: "Unhealthy",
  unspecified: "No deliveries yet",
};

type Covers<All, Listed extends readonly unknown[]> = [Exclude<All, Listed[number]>] extends [never] ? true : false;
type AllTrue<T extends true[]> = T;
export type ListsComplete = AllTrue<
  [
    Covers<DeliveryStatus, typeof DELIVERY_STATUSES>,
    Covers<ErrorCategory, typeof ERROR_CATEGORIES>,
    Covers<HealthState, typeof HEALTH_STATES>,
  ]
>;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** A query-string value as one of the API's words, or undefined (an unknown word is no filter). */
export const oneOf = <T extends string>(list: readonly T[], value: string | null | undefined): T | undefined =>
  value != null && isOneOf(list, value) ? value : undefined;

/** A query-string "true"/"false" as a boolean, or undefined (no filter). */
export const flag = (value: string | null | undefined): boolean | undefined =>
  value === "true" ? true : value === "false" ? false : undefined;

/** "connection_refused" → "connection refused". */
export const words = (value: string) => value.replace(/_/g, " ");

/** A health state as a customer reads it ("unspecified" → "No deliveries yet"). */
export function healthLabel(value: string): string {
  const state = oneOf(HEALTH_STATES, value);
  return state ? HEALTH_LABEL[state] : words(value);
}
