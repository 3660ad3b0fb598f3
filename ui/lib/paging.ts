// Lists page through ?offset= in the URL (a page with two lists names a parameter per list), so a page of a list can
// be linked and reloaded; the server's pagination answer (limit, offset, total_count) drives the Pager.
import { queryParams, setQuery } from "./router.svelte.ts";

/** The list offset the URL asks for (a missing, negative or garbled value is the first page). */
export const pageOffset = (param = "offset"): number =>
  Math.max(0, Math.floor(Number(queryParams().get(param) ?? 0)) || 0);

export const goToOffset = (offset: number, param = "offset") => setQuery({ [param]: offset || undefined });
