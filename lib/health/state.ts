// Webhook health states from success rate and consecutive failures, exactly as the spec's table defines them.
export type HealthState = "unspecified" | "healthy" | "degraded" | "unhealthy";

export interface HealthCounters {
  total_deliveries: number;
  successful_deliveries: number;
  consecutive_failures: number;
}

export function successRate(c: Pick<HealthCounters, "total_deliveries" | "successful_deliveries">): number {
  return c.total_deliveries > 0 ? c.successful_deliveries / c.total_deliveries : 0;
}

/**
 * HEALTHY: rate above 0.9 and fewer than 3 consecutive failures. UNHEALTHY: rate below 0.5 or 10 or more
 * consecutive failures. DEGRADED: everything between (rate 0.5–0.9, or 3–9 consecutive failures).
 * No delivery history: unspecified.
 */
export function healthState(c: HealthCounters | null | undefined): HealthState {
  if (!c || c.total_deliveries === 0) return "unspecified";
  const rate = successRate(c);
  if (rate < 0.5 || c.consecutive_failures >= 10) return "unhealthy";
  if (rate > 0.9 && c.consecutive_failures < 3) return "healthy";
  return "degraded";
}

/**
 * The same rule in SQL, for the statements that filter or report by state (webhook lists, health reads, the outcome
 * write's state changes), over the column expressions given. Shared rather than copied into each: it is the one SQL
 * description of the spec's rule, and a test checks it agrees with healthState().
 */
export const healthStateSql = (total: string, successful: string, consecutive: string) => `case
  when coalesce(${total}, 0) = 0 then 'unspecified'
  when ${successful}::float8 / ${total} < 0.5 or ${consecutive} >= 10 then 'unhealthy'
  when ${successful}::float8 / ${total} > 0.9 and ${consecutive} < 3 then 'healthy'
  else 'degraded' end`;
