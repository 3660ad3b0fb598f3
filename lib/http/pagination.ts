// Pagination on the wire: `pagination: {limit, offset}` on RPC, `?limit=&offset=` on REST; responses carry total_count.
import { z } from "zod";
import type { Page } from "../page.ts";
import { int32 } from "./wire.ts";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

export type { Page };

export interface PageInfo extends Page {
  total_count: number;
}

// A limit above the maximum is clamped (as protobuf list APIs do); 0 or an omitted limit means the default.
const limit = int32()
  .optional()
  .transform((v) => (v === undefined || v === 0 ? DEFAULT_LIMIT : Math.min(v, MAX_LIMIT)))
  .pipe(z.number().min(1, "limit must be positive"));
const offset = int32()
  .optional()
  .transform((v) => v ?? 0)
  .pipe(z.number().min(0, "offset must not be negative"));

/**
 * RPC: `pagination: {limit, offset}`. `total_count` is accepted and ignored: the specification's one Pagination
 * message carries it both ways, so clients generated from it send it in requests (still an int32, as protobuf
 * decoding would insist).
 */
export const paginationField = () =>
  z
    .object({
      limit,
      offset,
      total_count: int32().optional().describe("Ignored; accepted from clients that send the answer's count back."),
    })
    .optional()
    .transform((p) => (p ? { limit: p.limit, offset: p.offset } : { limit: DEFAULT_LIMIT, offset: 0 }));

/** REST: `?limit=&offset=` fields to spread into a query schema. */
export const pageQuery = { limit, offset };

export const pageInfo = (page: Page, total: number): PageInfo => ({
  total_count: total,
  limit: page.limit,
  offset: page.offset,
});

export const pageInfoSchema = z.object({ total_count: z.number(), limit: z.number(), offset: z.number() });
