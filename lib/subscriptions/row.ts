// A row of `subscriptions`, described once: the operator API (subscriptions.ts) selects all of it, the delivery
// worker's target cache (deliveries/sql/load-targets.ts) the part a send needs.
export type OnTransformError = "fail" | "fallback";

export interface SubscriptionRow {
  id: string;
  namespace: string;
  webhook_id: string;
  event_name: string;
  headers: Record<string, string>;
  method: string;
  /** 0: the webhook's timeout. */
  timeout_seconds: number;
  transform_enabled: boolean;
  transform_template: string;
  on_transform_error: OnTransformError;
  /** Go's missingkey=error for the transform. */
  strict_missing_keys: boolean;
  label_filters: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}
