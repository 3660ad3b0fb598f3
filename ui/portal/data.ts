// Small data helpers shared by the portal's pages.
export type Pairs = { key: string; value: string }[];

export const toPairs = (map: Record<string, string> | null | undefined): Pairs =>
  Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));

/** Rows to a map; blank names are dropped. */
export function fromPairs(rows: Pairs): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of rows) if (key.trim()) out[key.trim()] = value;
  return out;
}

/** A secret shown once after creation or rotation: kept in memory only, handed from one page to the next. */
export const revealed: { webhookId?: string; secret?: string; publicKey?: string; previousExpiresAt?: string | null } =
  {};

export function takeRevealed(webhookId: string): typeof revealed | undefined {
  if (revealed.webhookId !== webhookId || !revealed.secret) return undefined;
  const copy = { ...revealed };
  delete revealed.webhookId;
  delete revealed.secret;
  return copy;
}

export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : "—");

export function prettyBody(body: string | null | undefined): string {
  if (!body) return "";
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export const HEALTH_LABEL: Record<string, string> = {
  healthy: "Healthy",
  degraded: "Degraded",
  unhealthy: "Unhealthy",
  unspecified: "No deliveries yet",
};
