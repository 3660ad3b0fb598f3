// The name/value editor holds rows; the API takes a map.
export type Pairs = { key: string; value: string }[];

export const toPairs = (map: Record<string, string> | null | undefined): Pairs =>
  Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));

/** Rows to a map: names are trimmed and rows without a name dropped. */
export const toMap = (rows: Pairs): Record<string, string> =>
  Object.fromEntries(rows.filter(({ key }) => key.trim() !== "").map(({ key, value }) => [key.trim(), value]));
