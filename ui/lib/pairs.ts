// Name/value editors hold [name, value][]; the API takes a map.
export const toPairs = (map: Record<string, string> | null | undefined): [string, string][] =>
  Object.entries(map ?? {});
export const toMap = (pairs: [string, string][]): Record<string, string> =>
  Object.fromEntries(pairs.filter(([k]) => k.trim() !== "").map(([k, v]) => [k.trim(), v]));
