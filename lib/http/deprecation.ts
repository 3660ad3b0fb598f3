// RFC 9745: a request form kept only for compatibility answers with when it was deprecated (a structured-field
// date) and, in a Link, the operation that replaces it. The link is a relative reference, resolved against the
// request's own URL, so it stays right behind a path prefix and under the portal's /portal/api.

/** 2026-11-27: listing with prepare_retry / prepare_repush became an alias of the explicit prepare operations. */
export const PREPARE_ALIAS_DEPRECATED_AT = Date.UTC(2026, 10, 27) / 1000;

export function deprecatedAlias(successor: string, deprecatedAt: number): Record<string, string> {
  return { deprecation: `@${deprecatedAt}`, link: `<${successor}>; rel="successor-version"` };
}
