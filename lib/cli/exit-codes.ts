/** Exit statuses scripts can rely on (README). */
export const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 3, config: 78 } as const;
