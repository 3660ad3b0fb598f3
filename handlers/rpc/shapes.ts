// RPC-only response shaping: enum values as protobuf JSON names (REST keeps the lower-case domain values).
import { enumName } from "../../lib/http/wire.ts";
import type { HealthState } from "../../lib/health/state.ts";
import type { Webhook } from "../../lib/webhooks/record.ts";

export const rpcHealth = (state: HealthState) => enumName("HEALTH", state === "unspecified" ? undefined : state);

export const rpcWebhook = (w: Webhook) => ({ ...w, health: rpcHealth(w.health) });

export const rpcSubscription = <S extends { on_transform_error: string }>(s: S) => ({
  ...s,
  on_transform_error: s.on_transform_error.toUpperCase(),
});

/** Delivery status as a protobuf enum name (SUCCESS, PENDING, …). */
export const rpcDelivery = <D extends { status: string }>(d: D) => ({ ...d, status: d.status.toUpperCase() });
