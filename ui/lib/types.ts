// What the pages read and send, derived from the generated API types (never written by hand). Both apps use the
// /v1 paths: the portal's client rewrites them to /portal/api, whose routes answer with the same shapes.
import type { paths } from "./api-types.ts";

type Operation<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];

/** The JSON body of an operation's success answer (its 200, or its 201). */
export type Ok<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { responses: infer R }
    ? R extends { 200: { content: { "application/json": infer J } } }
      ? J
      : R extends { 201: { content: { "application/json": infer J } } }
        ? J
        : never
    : never;

/** The query parameters an operation takes. */
export type Query<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The JSON body an operation takes. */
export type Body<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;

export type Webhook = Ok<"/v1/consumers/{consumer}/webhooks/{webhook_id}", "get">;
export type WebhookHealth = Ok<"/v1/consumers/{consumer}/webhooks/{webhook_id}/health", "get">;
export type Delivery = Ok<"/v1/consumers/{consumer}/deliveries/{delivery_id}", "get">;
export type Attempt = Ok<"/v1/consumers/{consumer}/deliveries/{delivery_id}/attempts", "get">["attempts"][number];
export type EventReport = Ok<"/v1/consumers/{consumer}/events/{event_id}", "get">;
export type EventType = Ok<"/v1/event-types", "get">["event_types"][number];
export type EventTypeDetail = Ok<"/v1/event-types/{name}", "get">;
export type Subscription = Ok<"/v1/consumers/{consumer}/subscriptions/{subscription_id}", "get">;
/** What a webhook form sends: a create body, which an update (PATCH) takes as well. */
export type WebhookFields = Body<"/v1/consumers/{consumer}/webhooks", "post">;
export type Batch = Ok<"/v1/consumers/{consumer}/retries/{retry_id}", "get">;
export type Pagination = Ok<"/v1/webhooks", "get">["pagination"];

export type DeliveryStatus = Exclude<Query<"/v1/deliveries", "get">["status"], unknown[] | undefined>;
export type ErrorCategory = NonNullable<Query<"/v1/deliveries", "get">["error_category"]>;
export type HealthState = NonNullable<Query<"/v1/webhooks", "get">["health"]>;

// Fails to compile when a shape stops resolving (an operation lost its JSON answer, a parameter its enum).
type Resolves<T> = [T] extends [never] ? false : true;
type AllTrue<T extends true[]> = T;
export type ShapesResolve = AllTrue<
  [
    Resolves<Webhook>,
    Resolves<WebhookHealth>,
    Resolves<Delivery>,
    Resolves<Attempt>,
    Resolves<EventReport>,
    Resolves<EventType>,
    Resolves<EventTypeDetail>,
    Resolves<Subscription>,
    Resolves<WebhookFields>,
    Resolves<Batch>,
    Resolves<Pagination>,
    Resolves<DeliveryStatus>,
    Resolves<ErrorCategory>,
    Resolves<HealthState>,
  ]
>;
