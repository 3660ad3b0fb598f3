// A window of a list: how many items, from which position. Every list of the domain takes one.
export interface Page {
  limit: number;
  offset: number;
}

/**
 * The total of a page read with `count(*) over () as total`: every row carries it, but a page past the end has no
 * row, and then `countAll` counts the match.
 */
export async function pageTotal(
  rows: { total: number }[],
  page: Page,
  countAll: () => Promise<number>,
): Promise<number> {
  if (rows.length) return rows[0]!.total;
  return page.offset > 0 ? countAll() : 0;
}
