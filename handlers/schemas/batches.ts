// Wire shapes of retry and re-push batches.
import { z } from "zod";
import { uuid } from "../../lib/http/wire.ts";
import type { Batch } from "../../lib/batches/batches.ts";

export const batchSchema = z.object({
  status: z.enum(["pending", "processing", "completed", "cancelled"]),
  total: z.number(),
  processed: z.number(),
  failed: z.number(),
  created_at: z.string(),
  expires_at: z.string(),
});

export const batchView = (b: Batch) => ({
  status: b.status,
  total: b.total,
  processed: b.processed,
  failed: b.failed,
  created_at: b.created_at,
  expires_at: b.expires_at,
});

export const retryId = () => uuid("retry_id");
export const repushId = () => uuid("repush_id");
