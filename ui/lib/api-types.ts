// Generated from the served OpenAPI document by `npm run ui:types` — do not edit; a test fails when it drifts.
export interface paths {
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Interactive API documentation */
        get: operations["docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/assets/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Docs page assets */
        get: operations["docsAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/init.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Docs page start-up script */
        get: operations["docsInit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and database check */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invite/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Redeem an invite */
        post: operations["redeemInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (admin credential unless SVC_METRICS_PUBLIC=true) */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenAPI document (JSON) */
        get: operations["openapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenAPI document (YAML) */
        get: operations["openapiYaml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/invite/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeem a consumer invite in the portal
         * @description The portal calls only /portal/api/*, so its `#invite=` links are redeemed here. Only consumer invites are accepted; a full-access invite is refused and left unused (it belongs to the dashboard's /invite/redeem).
         */
        post: operations["redeemPortalInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/browser-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange the master key for a browser token */
        post: operations["createBrowserToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List consumers */
        get: operations["listConsumers"];
        put?: never;
        /** Create a consumer */
        post: operations["createConsumer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a consumer */
        get: operations["getConsumer"];
        put?: never;
        post?: never;
        /** Delete an empty consumer */
        delete: operations["deleteConsumer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a consumer's deliveries */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a delivery */
        get: operations["getDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/deliveries/{delivery_id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a delivery's attempts */
        get: operations["listDeliveryAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry a delivery */
        post: operations["retryDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a consumer's events */
        get: operations["listEvents"];
        put?: never;
        /** Push an event */
        post: operations["pushEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an event */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/events/{event_id}/repush": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-push an event */
        post: operations["repushEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/listen-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a listen session
         * @description Registers a temporary webhook whose deliveries are not sent over the network but handed to whoever holds the session's stream (GET `stream_path`), signed exactly like real deliveries and recorded as attempts. The session lives while a stream is open and for `lease_seconds` after; then it and its webhook are removed. `svc listen` uses it when svc cannot reach the developer's machine.
         */
        post: operations["createListenSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/listen-sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End a listen session */
        delete: operations["deleteListenSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/listen-sessions/{session_id}/answers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a streamed delivery
         * @description `status` (and `body`) become the attempt's response, judged like an HTTP answer (expected status codes, retries). 404 when the request is not waiting any more.
         */
        post: operations["answerListenSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/listen-sessions/{session_id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Receive a listen session's deliveries
         * @description A `text/event-stream`: `event: ready` once, then one `event: delivery` per request with JSON data `{request_id, delivery_id, method, headers, body}` — the exact request a receiver would get. Answer each one (POST …/answers) within the webhook's request timeout, or the attempt times out and is retried. Opening the stream renews the session and replaces an older stream of the same session (a resume); requests that older stream did not answer are sent again.
         */
        get: operations["streamListenSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/repushes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare a re-push batch
         * @description Snapshots up to 10,000 of the consumer's events matching the filter (the filters of listEvents, as JSON), newest first, as a pending batch; start it at /repushes/{repush_id}/start within 15 minutes. Replaces listEvents with prepare_repush=true.
         */
        post: operations["prepareRepushBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/repushes/{repush_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a re-push batch's progress */
        get: operations["getRepushBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/repushes/{repush_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a re-push batch */
        post: operations["cancelRepushBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/repushes/{repush_id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a re-push batch */
        post: operations["startRepushBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/retries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare a retry batch
         * @description Snapshots up to 10,000 of the consumer's deliveries matching the filter (the filters of listDeliveries), newest first, as a pending batch; start it at /retries/{retry_id}/start within 15 minutes. Replaces listDeliveries with prepare_retry=true.
         */
        post: operations["prepareRetryBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/retries/{retry_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a retry batch's progress */
        get: operations["getRetryBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/retries/{retry_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a retry batch */
        post: operations["cancelRetryBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/retries/{retry_id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a retry batch */
        post: operations["startRetryBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Consumer statistics */
        get: operations["getConsumerStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a consumer's subscriptions */
        get: operations["listSubscriptions"];
        put?: never;
        /** Create a subscription */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/subscriptions/{subscription_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a subscription */
        get: operations["getSubscription"];
        put?: never;
        post?: never;
        /** Delete a subscription */
        delete: operations["deleteSubscription"];
        options?: never;
        head?: never;
        /** Update a subscription */
        patch: operations["updateSubscription"];
        trace?: never;
    };
    "/v1/consumers/{consumer}/subscriptions/test-template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a transform template against an event type's sample payload
         * @description Nothing is stored or sent. The data is the envelope of a first attempt, with fixed sample ids and the sample payload (or `payload` when given, or with `event_id` that event's payload).
         */
        post: operations["testSubscriptionTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a consumer's webhooks */
        get: operations["listWebhooks"];
        put?: never;
        /** Register a webhook */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Unregister a webhook */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Update a webhook
         * @description Writes exactly the fields present in the body. `http_config` is replaced as a whole; the signing secret changes only when `http_config.webhook_secret` is present.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v1/consumers/{consumer}/webhooks/{webhook_id}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook's health */
        get: operations["getWebhookHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/webhooks/{webhook_id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a webhook */
        post: operations["pauseWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/webhooks/{webhook_id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a webhook */
        post: operations["resumeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/webhooks/{webhook_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry a webhook's failed and pending deliveries */
        post: operations["retryWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumer}/webhooks/{webhook_id}/secret:rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook's signing secret and key
         * @description Returns the new secret once. Until previous_secret_expires_at every delivery carries signatures by both the new and the replaced secret (and key), new first; then the replaced ones are destroyed.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List deliveries across consumers */
        get: operations["listAllDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List event types */
        get: operations["listEventTypes"];
        put?: never;
        /** Register an event type */
        post: operations["createEventType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/event-types/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an event type with a sample payload */
        get: operations["getEventType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update an event type (schema changes add a version) */
        patch: operations["updateEventType"];
        trace?: never;
    };
    "/v1/event-types/{name}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the schema versions of an event type */
        get: operations["listEventTypeVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health summary */
        get: operations["getHealthSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List invites */
        get: operations["listInvites"];
        put?: never;
        /** Create an invite */
        post: operations["createInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invites/{invite_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancel a pending invite */
        delete: operations["cancelInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery overview (24 h and 7 d)
         * @description Kept per minute as outcomes are written (never computed from the deliveries table); minutes older than 8 days are pruned.
         */
        get: operations["getOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Statistics across consumers */
        get: operations["getStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/template-functions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the functions transform templates can call */
        get: operations["listTemplateFunctions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List access tokens */
        get: operations["listTokens"];
        put?: never;
        /** Mint an access token */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens/{token_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an access token */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhooks across consumers */
        get: operations["listAllWebhooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show the credential in use */
        get: operations["whoami"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.DeliveryService/CancelRetry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a retry batch
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.CancelRetryRequest`); see docs/rpc.md.
         */
        post: operations["DeliveryService.CancelRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.DeliveryService/GetDeliveryAttempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List a delivery's attempts
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetDeliveryAttemptsRequest`); see docs/rpc.md.
         */
        post: operations["DeliveryService.GetDeliveryAttempts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.DeliveryService/GetDeliveryStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a delivery
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetDeliveryStatusRequest`); see docs/rpc.md.
         */
        post: operations["DeliveryService.GetDeliveryStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.DeliveryService/GetRetryStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a retry batch's progress
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetRetryStatusRequest`); see docs/rpc.md.
         */
        post: operations["DeliveryService.GetRetryStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.DeliveryService/ListDeliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List deliveries
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.ListDeliveriesRequest`); see docs/rpc.md.
         */
        post: operations["DeliveryService.ListDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.DeliveryService/PrepareRetry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare a retry batch
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.PrepareRetryRequest`); see docs/rpc.md.
         */
        post: operations["DeliveryService.PrepareRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.DeliveryService/RetryDeliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a retry batch
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.RetryDeliveriesRequest`); see docs/rpc.md.
         */
        post: operations["DeliveryService.RetryDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.DeliveryService/RetryDelivery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry deliveries
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.RetryDeliveryRequest`); see docs/rpc.md.
         */
        post: operations["DeliveryService.RetryDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/CancelRepush": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a re-push batch
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.CancelRepushRequest`); see docs/rpc.md.
         */
        post: operations["EventService.CancelRepush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/DeleteEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete an event type
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.DeleteEventRequest`); see docs/rpc.md.
         */
        post: operations["EventService.DeleteEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/GetEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an event type with a sample payload
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetEventRequest`); see docs/rpc.md.
         */
        post: operations["EventService.GetEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/GetEventRecord": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an event
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetEventRecordRequest`); see docs/rpc.md.
         */
        post: operations["EventService.GetEventRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/GetRepushStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a re-push batch's progress
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetRepushStatusRequest`); see docs/rpc.md.
         */
        post: operations["EventService.GetRepushStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/ListEventReports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List events with delivery counts
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.ListEventReportsRequest`); see docs/rpc.md.
         */
        post: operations["EventService.ListEventReports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/ListEvents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List event types
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.ListEventsRequest`); see docs/rpc.md.
         */
        post: operations["EventService.ListEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/PrepareRepush": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare a re-push batch
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.PrepareRepushRequest`); see docs/rpc.md.
         */
        post: operations["EventService.PrepareRepush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/PushEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push an event
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.PushEventRequest`); see docs/rpc.md.
         */
        post: operations["EventService.PushEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/RegisterEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register an event type
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.RegisterEventRequest`); see docs/rpc.md.
         */
        post: operations["EventService.RegisterEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/RePushEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-push an event
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.RePushEventRequest`); see docs/rpc.md.
         */
        post: operations["EventService.RePushEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/RePushEvents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a re-push batch
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.RePushEventsRequest`); see docs/rpc.md.
         */
        post: operations["EventService.RePushEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.EventService/UpdateEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update an event type
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.UpdateEventRequest`); see docs/rpc.md.
         */
        post: operations["EventService.UpdateEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.HealthService/GetHealthSummary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Health summary
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetHealthSummaryRequest`); see docs/rpc.md.
         */
        post: operations["HealthService.GetHealthSummary"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.HealthService/GetWebhookHealth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a webhook's health
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetWebhookHealthRequest`); see docs/rpc.md.
         */
        post: operations["HealthService.GetWebhookHealth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.HealthService/ListWebhooksByHealth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List webhooks in a health state
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.ListWebhooksByHealthRequest`); see docs/rpc.md.
         */
        post: operations["HealthService.ListWebhooksByHealth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.ListenService/AnswerListenDelivery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a delivery streamed to a listen session
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.AnswerListenDeliveryRequest`); see docs/rpc.md.
         */
        post: operations["ListenService.AnswerListenDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.ListenService/CreateListenSession": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a listen session (its deliveries are read from the REST stream at stream_path)
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.CreateListenSessionRequest`); see docs/rpc.md.
         */
        post: operations["ListenService.CreateListenSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.ListenService/EndListenSession": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a listen session and remove its webhook
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.EndListenSessionRequest`); see docs/rpc.md.
         */
        post: operations["ListenService.EndListenSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.NamespaceService/CreateNamespace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a namespace
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.CreateNamespaceRequest`); see docs/rpc.md.
         */
        post: operations["NamespaceService.CreateNamespace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.NamespaceService/DeleteNamespace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete an empty namespace
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.DeleteNamespaceRequest`); see docs/rpc.md.
         */
        post: operations["NamespaceService.DeleteNamespace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.NamespaceService/GetNamespace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a namespace
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetNamespaceRequest`); see docs/rpc.md.
         */
        post: operations["NamespaceService.GetNamespace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.NamespaceService/ListNamespaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List namespaces
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.ListNamespacesRequest`); see docs/rpc.md.
         */
        post: operations["NamespaceService.ListNamespaces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.SubscriptionService/CreateSubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a subscription
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.CreateSubscriptionRequest`); see docs/rpc.md.
         */
        post: operations["SubscriptionService.CreateSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.SubscriptionService/DeleteSubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a subscription
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.DeleteSubscriptionRequest`); see docs/rpc.md.
         */
        post: operations["SubscriptionService.DeleteSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.SubscriptionService/GetSubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a subscription
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetSubscriptionRequest`); see docs/rpc.md.
         */
        post: operations["SubscriptionService.GetSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.SubscriptionService/ListSubscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List subscriptions
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.ListSubscriptionsRequest`); see docs/rpc.md.
         */
        post: operations["SubscriptionService.ListSubscriptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.SubscriptionService/TestSubscriptionTemplate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a transform template against an event type's sample payload
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.TestSubscriptionTemplateRequest`); see docs/rpc.md.
         */
        post: operations["SubscriptionService.TestSubscriptionTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.SubscriptionService/UpdateSubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a subscription
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.UpdateSubscriptionRequest`); see docs/rpc.md.
         */
        post: operations["SubscriptionService.UpdateSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.WebhookService/GetNamespaceStats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Namespace statistics
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetNamespaceStatsRequest`); see docs/rpc.md.
         */
        post: operations["WebhookService.GetNamespaceStats"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.WebhookService/GetTemplateFunctions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the functions transform templates can call
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.GetTemplateFunctionsRequest`); see docs/rpc.md.
         */
        post: operations["WebhookService.GetTemplateFunctions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.WebhookService/ListWebhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List webhooks
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.ListWebhooksRequest`); see docs/rpc.md.
         */
        post: operations["WebhookService.ListWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.WebhookService/PauseWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a webhook
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.PauseWebhookRequest`); see docs/rpc.md.
         */
        post: operations["WebhookService.PauseWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.WebhookService/RegisterWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a webhook
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.RegisterWebhookRequest`); see docs/rpc.md.
         */
        post: operations["WebhookService.RegisterWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.WebhookService/ResumeWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a webhook
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.ResumeWebhookRequest`); see docs/rpc.md.
         */
        post: operations["WebhookService.ResumeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.WebhookService/RotateWebhookSecret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook's signing secret and key
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.RotateWebhookSecretRequest`); see docs/rpc.md.
         */
        post: operations["WebhookService.RotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.WebhookService/UnregisterWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unregister a webhook
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.UnregisterWebhookRequest`); see docs/rpc.md.
         */
        post: operations["WebhookService.UnregisterWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.WebhookService/UpdateWebhookConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a webhook
         * @description Connect unary JSON, shown here. The same method is served as Connect binary (`application/proto`), gRPC-Web and gRPC (HTTP/2 cleartext) from `proto/webhook.proto` (message `webhook.UpdateWebhookConfigRequest`); see docs/rpc.md.
         */
        post: operations["WebhookService.UpdateWebhookConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ConnectError: {
            code: string;
            /** @description The same extras as a Connect error detail of type webhook.ErrorDetails (base64 protobuf in `value`, readable in `debug`) */
            details?: {
                debug?: Record<string, never>;
                type: string;
                value: string;
            }[];
            /** @description invalid_argument: each invalid field */
            errors?: {
                field: string;
                message: string;
            }[];
            /** @description resource_exhausted: the body size limit */
            limit_bytes?: number;
            message: string;
            /** @description unauthenticated: missing, invalid, expired or revoked */
            reason?: string;
        };
        /** @description RFC 9457 problem details, the error body of every REST, portal and system route */
        Problem: {
            /** @description The error code shared with the RPC surface (not_found, invalid_argument, …), or invalid_invite */
            code: string;
            detail: string;
            instance?: string;
            status: number;
            title: string;
            type: string;
        };
        Unauthorized: components["schemas"]["Problem"] & {
            /** @constant */
            error: "unauthorized";
            message: string;
            /** @enum {unknown} */
            reason: "missing" | "invalid" | "expired" | "revoked";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    docs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unknown path or method */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    docsAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unknown path or method */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    docsInit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unknown path or method */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": unknown;
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unknown path or method */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            database: string;
                        };
                        jobs: {
                            [key: string]: {
                                last_finished_at: string | null;
                                last_started_at: string | null;
                                last_summary: {
                                    [key: string]: unknown;
                                } | null;
                                running: boolean;
                            };
                        };
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                        uptime_seconds: number;
                        version: string;
                    };
                };
            };
        };
    };
    redeemInvite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    invite: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consumer: string | null;
                        created_at: string;
                        expires_at: string | null;
                        external_id: string | null;
                        id: string;
                        last_used_at: string | null;
                        name: string;
                        /** @description consumer tokens: /portal#token=<secret> */
                        portal_path?: string;
                        /** @description consumer tokens: the absolute portal link (SVC_PUBLIC_URL, or what a trusted proxy reported) */
                        portal_url?: string;
                        reused: boolean;
                        revoked_at: string | null;
                        /** @description svc_tk_…, shown once (again on a reused external_id mint) */
                        secret: string;
                        /** @enum {string} */
                        status: "active" | "expired" | "revoked";
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Missing or invalid credential, unknown path or method */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4": unknown;
                };
            };
        };
    };
    openapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unknown path or method */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    openapiYaml: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unknown path or method */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": unknown;
                };
            };
        };
    };
    redeemPortalInvite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    invite: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consumer: string | null;
                        created_at: string;
                        expires_at: string | null;
                        external_id: string | null;
                        id: string;
                        last_used_at: string | null;
                        name: string;
                        /** @description consumer tokens: /portal#token=<secret> */
                        portal_path?: string;
                        /** @description consumer tokens: the absolute portal link (SVC_PUBLIC_URL, or what a trusted proxy reported) */
                        portal_url?: string;
                        reused: boolean;
                        revoked_at: string | null;
                        /** @description svc_tk_…, shown once (again on a reused external_id mint) */
                        secret: string;
                        /** @enum {string} */
                        status: "active" | "expired" | "revoked";
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unknown path or method */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready" | "starting" | "draining" | "unavailable";
                    };
                };
            };
        };
    };
    createBrowserToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @default  */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consumer: string | null;
                        created_at: string;
                        expires_at: string | null;
                        external_id: string | null;
                        id: string;
                        last_used_at: string | null;
                        name: string;
                        /** @description consumer tokens: /portal#token=<secret> */
                        portal_path?: string;
                        /** @description consumer tokens: the absolute portal link (SVC_PUBLIC_URL, or what a trusted proxy reported) */
                        portal_url?: string;
                        reused: boolean;
                        revoked_at: string | null;
                        /** @description svc_tk_…, shown once (again on a reused external_id mint) */
                        secret: string;
                        /** @enum {string} */
                        status: "active" | "expired" | "revoked";
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listConsumers: {
        parameters: {
            query?: {
                limit?: number | string;
                offset?: number | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consumers: {
                            created_at: string;
                            name: string;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createConsumer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        name: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getConsumer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        name: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteConsumer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                created_after?: string;
                created_before?: string;
                error_category?: "success" | "client_error" | "server_error" | "timeout" | "connection_refused" | "network_error" | "dns_error" | "tls_error" | "unexpected_status" | "unknown" | "rate_limited" | "template_error";
                event_id?: string;
                limit?: number | string;
                offset?: number | string;
                /** @description deprecated: POST /retries */
                prepare_retry?: boolean | ("0" | "1" | "true" | "false" | "");
                status?: ("pending" | "sending" | "success" | "failed" | "retrying" | "expired") | ("pending" | "sending" | "success" | "failed" | "retrying" | "expired")[];
                subscription_id?: string;
                webhook_id?: string;
            };
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            attempt_count: number;
                            completed_at: string | null;
                            created_at: string;
                            delivery_id: string;
                            error_category: string | null;
                            error_message: string | null;
                            event_id: string;
                            /** @description why a pending or retrying delivery is held back: its endpoint's circuit is open */
                            held_reason: string | null;
                            namespace: string;
                            /** @description when a pending or retrying delivery is due */
                            next_attempt_at: string | null;
                            request_body: string | null;
                            response_body: string | null;
                            response_code: number | null;
                            status: string;
                            subscription_id: string | null;
                            template_error: string | null;
                            updated_at: string;
                            webhook_id: string;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                        /** @description with prepare_retry=true: start it at /retries/{retry_id}/start */
                        retry_id?: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempt_count: number;
                        completed_at: string | null;
                        created_at: string;
                        delivery_id: string;
                        error_category: string | null;
                        error_message: string | null;
                        event_id: string;
                        /** @description why a pending or retrying delivery is held back: its endpoint's circuit is open */
                        held_reason: string | null;
                        namespace: string;
                        /** @description when a pending or retrying delivery is due */
                        next_attempt_at: string | null;
                        request_body: string | null;
                        response_body: string | null;
                        response_code: number | null;
                        status: string;
                        subscription_id: string | null;
                        template_error: string | null;
                        updated_at: string;
                        webhook_id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDeliveryAttempts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: {
                            attempt: number;
                            attempt_id: string;
                            delivery_id: string;
                            error_category: string;
                            error_message: string;
                            response_body: string | null;
                            response_code: number;
                            /** @description milliseconds; 0 when no connection was made */
                            response_time: number;
                            success: boolean;
                            timestamp: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retryDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @default false */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery_ids: string[];
                        retried_count: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                created_after?: string;
                created_before?: string;
                event?: string;
                label?: string | string[];
                limit?: number | string;
                offset?: number | string;
                /** @description deprecated: POST /repushes */
                prepare_repush?: boolean | ("0" | "1" | "true" | "false" | "");
                schema_valid?: boolean | ("0" | "1" | "true" | "false" | "");
            };
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            created_at: string;
                            event_id: string;
                            event_name: string;
                            expires_at: string | null;
                            failed_count: number;
                            labels: {
                                [key: string]: string;
                            };
                            metadata: {
                                [key: string]: string;
                            };
                            namespace: string;
                            payload: {
                                [key: string]: unknown;
                            };
                            pending_count: number;
                            schema_valid: boolean;
                            successful_count: number;
                            warnings: string[];
                            webhook_count: number;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                        /** @description with prepare_repush=true: start it at /repushes/{repush_id}/start */
                        repush_id?: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    pushEvent: {
        parameters: {
            query: {
                event: string;
            };
            header?: {
                /** @description Alias of the body's idempotency_key; both may be sent only with the same value. */
                "idempotency-key"?: string;
            };
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    idempotency_key?: string;
                    /** @default {} */
                    labels?: {
                        [key: string]: string;
                    };
                    /** @default {} */
                    metadata?: {
                        [key: string]: string;
                    };
                    payload: {
                        [key: string]: unknown;
                    };
                    ttl_seconds?: number | string;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duplicate: boolean;
                        event_id: string;
                        warnings: string[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        event_id: string;
                        event_name: string;
                        expires_at: string | null;
                        failed_count: number;
                        labels: {
                            [key: string]: string;
                        };
                        metadata: {
                            [key: string]: string;
                        };
                        namespace: string;
                        payload: {
                            [key: string]: unknown;
                        };
                        pending_count: number;
                        schema_valid: boolean;
                        successful_count: number;
                        warnings: string[];
                        webhook_count: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    repushEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duplicate: boolean;
                        event_id: string;
                        warnings: string[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createListenSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    description?: string;
                    events: string[];
                    http_config?: {
                        auto_disable_after_seconds?: number | string;
                        capture_response_body?: boolean;
                        expected_status_codes?: (number | string)[];
                        max_retries?: number | string;
                        pause_on_gone?: boolean;
                        request_timeout_seconds?: number | string;
                        retry_backoff_seconds?: number | string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consumer: string;
                        events: string[];
                        /** @description How long the session outlives its last open stream */
                        lease_seconds: number;
                        session_id: string;
                        signing_public_key: string;
                        /** @description GET it for the text/event-stream of deliveries */
                        stream_path: string;
                        webhook_id: string;
                        /** @description Verifies the deliveries (Standard Webhooks); shown only here */
                        webhook_secret: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteListenSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    answerListenSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    body?: string;
                    request_id: string;
                    status: number | string;
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    streamListenSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Dependency unavailable; retry after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    prepareRepushBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_after?: string;
                    /** Format: date-time */
                    created_before?: string;
                    event?: string;
                    label?: string | string[];
                    schema_valid?: boolean | ("0" | "1" | "true" | "false" | "");
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        expires_at: string;
                        failed: number;
                        processed: number;
                        repush_id: string;
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "cancelled";
                        total: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRepushBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                repush_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        expires_at: string;
                        failed: number;
                        processed: number;
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "cancelled";
                        total: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelRepushBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                repush_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        expires_at: string;
                        failed: number;
                        processed: number;
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "cancelled";
                        total: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startRepushBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                repush_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        expires_at: string;
                        failed: number;
                        processed: number;
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "cancelled";
                        total: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    prepareRetryBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_after?: string;
                    /** Format: date-time */
                    created_before?: string;
                    /** @enum {string} */
                    error_category?: "success" | "client_error" | "server_error" | "timeout" | "connection_refused" | "network_error" | "dns_error" | "tls_error" | "unexpected_status" | "unknown" | "rate_limited" | "template_error";
                    event_id?: string;
                    status?: ("pending" | "sending" | "success" | "failed" | "retrying" | "expired") | ("pending" | "sending" | "success" | "failed" | "retrying" | "expired")[];
                    subscription_id?: string;
                    webhook_id?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        expires_at: string;
                        failed: number;
                        processed: number;
                        retry_id: string;
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "cancelled";
                        total: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRetryBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                retry_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        expires_at: string;
                        failed: number;
                        processed: number;
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "cancelled";
                        total: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelRetryBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                retry_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        expires_at: string;
                        failed: number;
                        processed: number;
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "cancelled";
                        total: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startRetryBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                retry_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        expires_at: string;
                        failed: number;
                        processed: number;
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "cancelled";
                        total: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getConsumerStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_webhooks: number;
                        consumer: string;
                        failed_deliveries: number;
                        /** @description pending, sending or retrying */
                        pending_deliveries: number;
                        /** @description successful / total; 0 without deliveries */
                        success_rate: number;
                        successful_deliveries: number;
                        total_deliveries: number;
                        total_webhooks: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSubscriptions: {
        parameters: {
            query?: {
                event_name?: string;
                limit?: number | string;
                offset?: number | string;
                webhook_id?: string;
            };
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                        subscriptions: {
                            created_at: string;
                            event_name: string;
                            headers: {
                                [key: string]: string;
                            };
                            label_filters: {
                                [key: string]: string;
                            };
                            method: string;
                            namespace: string;
                            on_transform_error: string;
                            subscription_id: string;
                            timeout: number;
                            transform_enabled: boolean;
                            transform_strict: boolean;
                            transform_template: string;
                            updated_at: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_name: string;
                    /** @default {} */
                    headers?: {
                        [key: string]: string;
                    };
                    /** @default {} */
                    label_filters?: {
                        [key: string]: string;
                    };
                    method?: string;
                    on_transform_error?: string | number;
                    /** @description seconds; 0 = the webhook's request timeout */
                    timeout?: number | string;
                    /** @default false */
                    transform_enabled?: boolean;
                    /**
                     * @description missingkey=error: a missing map key fails the transform
                     * @default false
                     */
                    transform_strict?: boolean;
                    /**
                     * @description Go text/template source; its output replaces the delivery body
                     * @default
                     */
                    transform_template?: string;
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        event_name: string;
                        headers: {
                            [key: string]: string;
                        };
                        label_filters: {
                            [key: string]: string;
                        };
                        method: string;
                        namespace: string;
                        on_transform_error: string;
                        subscription_id: string;
                        timeout: number;
                        transform_enabled: boolean;
                        transform_strict: boolean;
                        transform_template: string;
                        updated_at: string;
                        webhook_id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        event_name: string;
                        headers: {
                            [key: string]: string;
                        };
                        label_filters: {
                            [key: string]: string;
                        };
                        method: string;
                        namespace: string;
                        on_transform_error: string;
                        subscription_id: string;
                        timeout: number;
                        transform_enabled: boolean;
                        transform_strict: boolean;
                        transform_template: string;
                        updated_at: string;
                        webhook_id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    headers?: {
                        [key: string]: string;
                    };
                    label_filters?: {
                        [key: string]: string;
                    };
                    method?: string;
                    on_transform_error?: string | number;
                    timeout?: number | string;
                    transform_enabled?: boolean;
                    transform_strict?: boolean;
                    transform_template?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        event_name: string;
                        headers: {
                            [key: string]: string;
                        };
                        label_filters: {
                            [key: string]: string;
                        };
                        method: string;
                        namespace: string;
                        on_transform_error: string;
                        subscription_id: string;
                        timeout: number;
                        transform_enabled: boolean;
                        transform_strict: boolean;
                        transform_template: string;
                        updated_at: string;
                        webhook_id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    testSubscriptionTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description render against this event of the consumer instead of the sample */
                    event_id?: string;
                    event_name: string;
                    /** @description Render against this payload instead of the event type's sample payload (then the event type needs no schema) */
                    payload?: {
                        [key: string]: unknown;
                    };
                    /**
                     * @description missingkey=error: a missing map key fails the render
                     * @default false
                     */
                    transform_strict?: boolean;
                    /** @description Go text/template source; empty renders the default envelope */
                    transform_template: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description exactly the body a delivery would send */
                        transformed_payload: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                active_only?: boolean | ("0" | "1" | "true" | "false" | "");
                event?: string;
                limit?: number | string;
                offset?: number | string;
            };
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                        webhooks: {
                            active: boolean;
                            created_at: string;
                            description: string;
                            events: string[];
                            headers: {
                                [key: string]: string;
                            };
                            health: string;
                            http_config: {
                                /** @description pause after this long with only failures; 0 = the server default (SVC_AUTO_DISABLE_AFTER) */
                                auto_disable_after_seconds: number;
                                capture_response_body: boolean;
                                expected_status_codes: number[];
                                follow_redirects: boolean;
                                max_retries: number;
                                /** @description a 410 Gone answer pauses the webhook (default true) */
                                pause_on_gone: boolean;
                                rate_limit_rps: number | null;
                                request_timeout_seconds: number;
                                retry_backoff_seconds: number;
                                verify_ssl: boolean;
                                /** @description whsec_… in plaintext only in the registration response; masked afterwards */
                                webhook_secret: string;
                            };
                            namespace: string;
                            paused_reason: string;
                            /** @description names only; every value is a fixed mask */
                            secret_headers: {
                                [key: string]: string;
                            };
                            /** @description base64 Ed25519 public key (32 bytes) */
                            signing_public_key: string;
                            timeout: number;
                            updated_at: string;
                            url: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    active?: boolean;
                    /** @default  */
                    description?: string;
                    events: string[];
                    /** @default {} */
                    headers?: {
                        [key: string]: string;
                    };
                    http_config?: {
                        auto_disable_after_seconds?: number | string;
                        capture_response_body?: boolean;
                        expected_status_codes?: (number | string)[];
                        follow_redirects?: boolean;
                        max_retries?: number | string;
                        pause_on_gone?: boolean;
                        rate_limit_rps?: number | null;
                        request_timeout_seconds?: number | string;
                        retry_backoff_seconds?: number | string;
                        verify_ssl?: boolean;
                        webhook_secret?: string;
                    };
                    /** @default {} */
                    secret_headers?: {
                        [key: string]: string;
                    };
                    /** @description Deprecated: use http_config.request_timeout_seconds */
                    timeout?: number | string;
                    url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        created_at: string;
                        description: string;
                        events: string[];
                        headers: {
                            [key: string]: string;
                        };
                        health: string;
                        http_config: {
                            /** @description pause after this long with only failures; 0 = the server default (SVC_AUTO_DISABLE_AFTER) */
                            auto_disable_after_seconds: number;
                            capture_response_body: boolean;
                            expected_status_codes: number[];
                            follow_redirects: boolean;
                            max_retries: number;
                            /** @description a 410 Gone answer pauses the webhook (default true) */
                            pause_on_gone: boolean;
                            rate_limit_rps: number | null;
                            request_timeout_seconds: number;
                            retry_backoff_seconds: number;
                            verify_ssl: boolean;
                            /** @description whsec_… in plaintext only in the registration response; masked afterwards */
                            webhook_secret: string;
                        };
                        namespace: string;
                        paused_reason: string;
                        /** @description names only; every value is a fixed mask */
                        secret_headers: {
                            [key: string]: string;
                        };
                        /** @description base64 Ed25519 public key (32 bytes) */
                        signing_public_key: string;
                        timeout: number;
                        updated_at: string;
                        url: string;
                        webhook_id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        created_at: string;
                        description: string;
                        events: string[];
                        headers: {
                            [key: string]: string;
                        };
                        health: string;
                        http_config: {
                            /** @description pause after this long with only failures; 0 = the server default (SVC_AUTO_DISABLE_AFTER) */
                            auto_disable_after_seconds: number;
                            capture_response_body: boolean;
                            expected_status_codes: number[];
                            follow_redirects: boolean;
                            max_retries: number;
                            /** @description a 410 Gone answer pauses the webhook (default true) */
                            pause_on_gone: boolean;
                            rate_limit_rps: number | null;
                            request_timeout_seconds: number;
                            retry_backoff_seconds: number;
                            verify_ssl: boolean;
                            /** @description whsec_… in plaintext only in the registration response; masked afterwards */
                            webhook_secret: string;
                        };
                        namespace: string;
                        paused_reason: string;
                        /** @description names only; every value is a fixed mask */
                        secret_headers: {
                            [key: string]: string;
                        };
                        /** @description base64 Ed25519 public key (32 bytes) */
                        signing_public_key: string;
                        timeout: number;
                        updated_at: string;
                        url: string;
                        webhook_id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    description?: string;
                    events?: string[];
                    headers?: {
                        [key: string]: string;
                    };
                    http_config?: {
                        auto_disable_after_seconds?: number | string;
                        capture_response_body?: boolean;
                        expected_status_codes?: (number | string)[];
                        follow_redirects?: boolean;
                        max_retries?: number | string;
                        pause_on_gone?: boolean;
                        rate_limit_rps?: number | null;
                        request_timeout_seconds?: number | string;
                        retry_backoff_seconds?: number | string;
                        verify_ssl?: boolean;
                        webhook_secret?: string;
                    };
                    secret_headers?: {
                        [key: string]: string;
                    };
                    timeout?: number | string;
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        created_at: string;
                        description: string;
                        events: string[];
                        headers: {
                            [key: string]: string;
                        };
                        health: string;
                        http_config: {
                            /** @description pause after this long with only failures; 0 = the server default (SVC_AUTO_DISABLE_AFTER) */
                            auto_disable_after_seconds: number;
                            capture_response_body: boolean;
                            expected_status_codes: number[];
                            follow_redirects: boolean;
                            max_retries: number;
                            /** @description a 410 Gone answer pauses the webhook (default true) */
                            pause_on_gone: boolean;
                            rate_limit_rps: number | null;
                            request_timeout_seconds: number;
                            retry_backoff_seconds: number;
                            verify_ssl: boolean;
                            /** @description whsec_… in plaintext only in the registration response; masked afterwards */
                            webhook_secret: string;
                        };
                        namespace: string;
                        paused_reason: string;
                        /** @description names only; every value is a fixed mask */
                        secret_headers: {
                            [key: string]: string;
                        };
                        /** @description base64 Ed25519 public key (32 bytes) */
                        signing_public_key: string;
                        timeout: number;
                        updated_at: string;
                        url: string;
                        webhook_id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookHealth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description While open, the endpoint's due deliveries are held back and only a probe is sent (docs/isolation.md) */
                        circuit: {
                            /** @description attempts in a row that got no answer (timeouts, refused or reset connections) */
                            consecutive_no_answer: number;
                            /** @description when the next single probe delivery may go */
                            next_probe_at: string | null;
                            open: boolean;
                            opened_at: string | null;
                            reason: string | null;
                        };
                        health: string;
                        metrics: {
                            /** @description milliseconds */
                            avg_response_time: number;
                            /** @description last 24 hours */
                            client_errors: number;
                            consecutive_failures: number;
                            created_at: string;
                            failed_deliveries: number;
                            last_failure_at: string | null;
                            last_success_at: string | null;
                            /** @description last 24 hours */
                            network_errors: number;
                            /** @description last 24 hours */
                            server_errors: number;
                            success_rate: number;
                            successful_deliveries: number;
                            /** @description last 24 hours */
                            timeout_errors: number;
                            total_deliveries: number;
                            /** @description last 24 hours */
                            unexpected_status_errors: number;
                            updated_at: string;
                            webhook_id: string;
                        } | null;
                        /** @description why the webhook is paused (operator, 410 Gone or auto-disable); null while active */
                        paused_reason: string | null;
                        webhook_id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    pauseWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @default  */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        created_at: string;
                        description: string;
                        events: string[];
                        headers: {
                            [key: string]: string;
                        };
                        health: string;
                        http_config: {
                            /** @description pause after this long with only failures; 0 = the server default (SVC_AUTO_DISABLE_AFTER) */
                            auto_disable_after_seconds: number;
                            capture_response_body: boolean;
                            expected_status_codes: number[];
                            follow_redirects: boolean;
                            max_retries: number;
                            /** @description a 410 Gone answer pauses the webhook (default true) */
                            pause_on_gone: boolean;
                            rate_limit_rps: number | null;
                            request_timeout_seconds: number;
                            retry_backoff_seconds: number;
                            verify_ssl: boolean;
                            /** @description whsec_… in plaintext only in the registration response; masked afterwards */
                            webhook_secret: string;
                        };
                        namespace: string;
                        paused_reason: string;
                        /** @description names only; every value is a fixed mask */
                        secret_headers: {
                            [key: string]: string;
                        };
                        /** @description base64 Ed25519 public key (32 bytes) */
                        signing_public_key: string;
                        timeout: number;
                        updated_at: string;
                        url: string;
                        webhook_id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resumeWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @default  */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        created_at: string;
                        description: string;
                        events: string[];
                        headers: {
                            [key: string]: string;
                        };
                        health: string;
                        http_config: {
                            /** @description pause after this long with only failures; 0 = the server default (SVC_AUTO_DISABLE_AFTER) */
                            auto_disable_after_seconds: number;
                            capture_response_body: boolean;
                            expected_status_codes: number[];
                            follow_redirects: boolean;
                            max_retries: number;
                            /** @description a 410 Gone answer pauses the webhook (default true) */
                            pause_on_gone: boolean;
                            rate_limit_rps: number | null;
                            request_timeout_seconds: number;
                            retry_backoff_seconds: number;
                            verify_ssl: boolean;
                            /** @description whsec_… in plaintext only in the registration response; masked afterwards */
                            webhook_secret: string;
                        };
                        namespace: string;
                        paused_reason: string;
                        /** @description names only; every value is a fixed mask */
                        secret_headers: {
                            [key: string]: string;
                        };
                        /** @description base64 Ed25519 public key (32 bytes) */
                        signing_public_key: string;
                        timeout: number;
                        updated_at: string;
                        url: string;
                        webhook_id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retryWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery_ids: string[];
                        retried_count: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumer: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description How long the replaced secret and key keep signing beside the new ones (default 86400; 0 replaces at once) */
                    grace_seconds?: number | string;
                    /** @description The new whsec_ secret; omitted, svc generates one */
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description When the replaced secret and key stop signing and are destroyed; null when replaced at once */
                        previous_secret_expires_at: string | null;
                        /** @description The new base64 Ed25519 public key */
                        signing_public_key: string;
                        webhook_id: string;
                        /** @description The new whsec_ secret, in plaintext only in this response */
                        webhook_secret: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAllDeliveries: {
        parameters: {
            query?: {
                consumer?: string;
                created_after?: string;
                created_before?: string;
                error_category?: "success" | "client_error" | "server_error" | "timeout" | "connection_refused" | "network_error" | "dns_error" | "tls_error" | "unexpected_status" | "unknown" | "rate_limited" | "template_error";
                event_id?: string;
                limit?: number | string;
                offset?: number | string;
                status?: ("pending" | "sending" | "success" | "failed" | "retrying" | "expired") | ("pending" | "sending" | "success" | "failed" | "retrying" | "expired")[];
                subscription_id?: string;
                webhook_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            attempt_count: number;
                            completed_at: string | null;
                            created_at: string;
                            delivery_id: string;
                            error_category: string | null;
                            error_message: string | null;
                            event_id: string;
                            /** @description why a pending or retrying delivery is held back: its endpoint's circuit is open */
                            held_reason: string | null;
                            namespace: string;
                            /** @description when a pending or retrying delivery is due */
                            next_attempt_at: string | null;
                            request_body: string | null;
                            response_body: string | null;
                            response_code: number | null;
                            status: string;
                            subscription_id: string | null;
                            template_error: string | null;
                            updated_at: string;
                            webhook_id: string;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEventTypes: {
        parameters: {
            query?: {
                active_only?: boolean | ("0" | "1" | "true" | "false" | "");
                limit?: number | string;
                offset?: number | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event_types: {
                            active: boolean;
                            created_at: string;
                            description: string;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            schema: {
                                [key: string]: unknown;
                            } | null;
                            updated_at: string;
                            version: number;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createEventType: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    description?: string;
                    metadata?: {
                        [key: string]: string;
                    };
                    name: string;
                    schema?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        created_at: string;
                        description: string;
                        metadata: {
                            [key: string]: string;
                        };
                        name: string;
                        schema: {
                            [key: string]: unknown;
                        } | null;
                        updated_at: string;
                        version: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEventType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        created_at: string;
                        description: string;
                        metadata: {
                            [key: string]: string;
                        };
                        name: string;
                        sample_payload: unknown;
                        schema: {
                            [key: string]: unknown;
                        } | null;
                        updated_at: string;
                        version: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateEventType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    description?: string;
                    metadata?: {
                        [key: string]: string;
                    };
                    schema?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        created_at: string;
                        description: string;
                        metadata: {
                            [key: string]: string;
                        };
                        name: string;
                        schema: {
                            [key: string]: unknown;
                        } | null;
                        updated_at: string;
                        version: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEventTypeVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        versions: {
                            created_at: string;
                            schema: {
                                [key: string]: unknown;
                            } | null;
                            version: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealthSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        degraded_count: number;
                        healthy_count: number;
                        total_count: number;
                        unhealthy_count: number;
                        unknown_count: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listInvites: {
        parameters: {
            query?: {
                include_inactive?: boolean | ("0" | "1" | "true" | "false" | "");
                limit?: number | string;
                offset?: number | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invites: {
                            cancelled_at: string | null;
                            consumer: string | null;
                            created_at: string;
                            expires_at: string;
                            id: string;
                            name: string;
                            redeemed_at: string | null;
                            /** @enum {string} */
                            status: "pending" | "redeemed" | "expired" | "cancelled";
                            token_id: string | null;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createInvite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    consumer?: string;
                    name: string;
                    ttl_seconds?: number | string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancelled_at: string | null;
                        consumer: string | null;
                        created_at: string;
                        expires_at: string;
                        id: string;
                        name: string;
                        /** @description prepend the UI base URL: /#invite=… or /portal#invite=… */
                        path: string;
                        redeemed_at: string | null;
                        secret: string;
                        /** @enum {string} */
                        status: "pending" | "redeemed" | "expired" | "cancelled";
                        token_id: string | null;
                        /** @description the absolute link (SVC_PUBLIC_URL, or the scheme and host a trusted proxy reported) + path */
                        url?: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invite_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generated_at: string;
                        /** @description per hour over the last 7 days, oldest first; hours without attempts are absent */
                        hourly: {
                            attempts: number;
                            failures: number;
                            hour: string;
                            successes: number;
                        }[];
                        last_7d: {
                            /** @description delivery attempts made */
                            attempts: number;
                            avg_latency_ms: number | null;
                            /** @description failed attempts by error category */
                            error_categories: {
                                [key: string]: number;
                            };
                            /** @description deliveries that failed for good (no attempt left) */
                            failures: number;
                            /** @description upper bound of the latency bucket holding the median attempt */
                            latency_p50_ms: number | null;
                            /** @description upper bound of the latency bucket holding the 95th percentile */
                            latency_p95_ms: number | null;
                            /** @description successes / attempts; null without attempts */
                            success_rate: number | null;
                            /** @description attempts that succeeded */
                            successes: number;
                        };
                        last_24h: {
                            /** @description delivery attempts made */
                            attempts: number;
                            avg_latency_ms: number | null;
                            /** @description failed attempts by error category */
                            error_categories: {
                                [key: string]: number;
                            };
                            /** @description deliveries that failed for good (no attempt left) */
                            failures: number;
                            /** @description upper bound of the latency bucket holding the median attempt */
                            latency_p50_ms: number | null;
                            /** @description upper bound of the latency bucket holding the 95th percentile */
                            latency_p95_ms: number | null;
                            /** @description successes / attempts; null without attempts */
                            success_rate: number | null;
                            /** @description attempts that succeeded */
                            successes: number;
                        };
                        queue: {
                            /** @description pending, sending or retrying deliveries */
                            depth: number;
                            /** @description when the longest-waiting pending or retrying delivery became due */
                            oldest_due_at: string | null;
                        };
                        /** @description the 5 webhooks with the most errors in the last 24 hours */
                        worst_endpoints: {
                            consumer: string;
                            errors_24h: number;
                            url: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_webhooks: number;
                        failed_deliveries: number;
                        /** @description pending, sending or retrying */
                        pending_deliveries: number;
                        /** @description successful / total; 0 without deliveries */
                        success_rate: number;
                        successful_deliveries: number;
                        total_deliveries: number;
                        total_webhooks: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTemplateFunctions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        functions: {
                            description: string;
                            name: string;
                        }[];
                        total_count: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query?: {
                consumer?: string;
                include_inactive?: boolean | ("0" | "1" | "true" | "false" | "");
                limit?: number | string;
                offset?: number | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                        tokens: {
                            consumer: string | null;
                            created_at: string;
                            expires_at: string | null;
                            external_id: string | null;
                            id: string;
                            last_used_at: string | null;
                            name: string;
                            revoked_at: string | null;
                            /** @enum {string} */
                            status: "active" | "expired" | "revoked";
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    consumer?: string;
                    external_id?: string;
                    name: string;
                    /** @default false */
                    never_expires?: boolean;
                    ttl_seconds?: number | string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consumer: string | null;
                        created_at: string;
                        expires_at: string | null;
                        external_id: string | null;
                        id: string;
                        last_used_at: string | null;
                        name: string;
                        /** @description consumer tokens: /portal#token=<secret> */
                        portal_path?: string;
                        /** @description consumer tokens: the absolute portal link (SVC_PUBLIC_URL, or what a trusted proxy reported) */
                        portal_url?: string;
                        reused: boolean;
                        revoked_at: string | null;
                        /** @description svc_tk_…, shown once (again on a reused external_id mint) */
                        secret: string;
                        /** @enum {string} */
                        status: "active" | "expired" | "revoked";
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAllWebhooks: {
        parameters: {
            query?: {
                active_only?: boolean | ("0" | "1" | "true" | "false" | "");
                consumer?: string;
                event?: string;
                health?: "healthy" | "degraded" | "unhealthy" | "unspecified";
                limit?: number | string;
                offset?: number | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                        webhooks: {
                            active: boolean;
                            created_at: string;
                            description: string;
                            events: string[];
                            headers: {
                                [key: string]: string;
                            };
                            health: string;
                            http_config: {
                                /** @description pause after this long with only failures; 0 = the server default (SVC_AUTO_DISABLE_AFTER) */
                                auto_disable_after_seconds: number;
                                capture_response_body: boolean;
                                expected_status_codes: number[];
                                follow_redirects: boolean;
                                max_retries: number;
                                /** @description a 410 Gone answer pauses the webhook (default true) */
                                pause_on_gone: boolean;
                                rate_limit_rps: number | null;
                                request_timeout_seconds: number;
                                retry_backoff_seconds: number;
                                verify_ssl: boolean;
                                /** @description whsec_… in plaintext only in the registration response; masked afterwards */
                                webhook_secret: string;
                            };
                            namespace: string;
                            paused_reason: string;
                            /** @description names only; every value is a fixed mask */
                            secret_headers: {
                                [key: string]: string;
                            };
                            /** @description base64 Ed25519 public key (32 bytes) */
                            signing_public_key: string;
                            timeout: number;
                            updated_at: string;
                            url: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    whoami: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        auth_enabled: boolean;
                        consumer: string | null;
                        master_key: boolean;
                        name: string | null;
                        token_id: string | null;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description Credential not allowed here */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "DeliveryService.CancelRetry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    retry_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "DeliveryService.GetDeliveryAttempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    delivery_id?: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: {
                            attempt: number;
                            attempt_id: string;
                            delivery_id: string;
                            error_category: string;
                            error_message: string;
                            response_body: string | null;
                            response_code: number;
                            /** @description milliseconds; 0 when no connection was made */
                            response_time: number;
                            success: boolean;
                            timestamp: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "DeliveryService.GetDeliveryStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    delivery_id?: string;
                    namespace: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: {
                            attempt_count: number;
                            completed_at: string | null;
                            created_at: string;
                            delivery_id: string;
                            error_category: string | null;
                            error_message: string | null;
                            event_id: string;
                            /** @description why a pending or retrying delivery is held back: its endpoint's circuit is open */
                            held_reason: string | null;
                            namespace: string;
                            /** @description when a pending or retrying delivery is due */
                            next_attempt_at: string | null;
                            request_body: string | null;
                            response_body: string | null;
                            response_code: number | null;
                            status: string;
                            subscription_id: string | null;
                            template_error: string | null;
                            updated_at: string;
                            webhook_id: string;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "DeliveryService.GetRetryStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    retry_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch: {
                            created_at: string;
                            expires_at: string;
                            failed: number;
                            processed: number;
                            /** @enum {string} */
                            status: "pending" | "processing" | "completed" | "cancelled";
                            total: number;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "DeliveryService.ListDeliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_after?: string;
                    /** Format: date-time */
                    created_before?: string;
                    error_category?: ("success" | "client_error" | "server_error" | "timeout" | "connection_refused" | "network_error" | "dns_error" | "tls_error" | "unexpected_status" | "unknown" | "rate_limited" | "template_error") | "";
                    event_id?: string | "";
                    namespace: string;
                    pagination?: {
                        limit?: number | string;
                        offset?: number | string;
                        /** @description Ignored; accepted from clients that send the answer's count back. */
                        total_count?: number | string;
                    };
                    /**
                     * @description deprecated: use PrepareRetry
                     * @default false
                     */
                    prepare_retry?: boolean;
                    status?: string | number;
                    subscription_id?: string | "";
                    webhook_id?: string | "";
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            attempt_count: number;
                            completed_at: string | null;
                            created_at: string;
                            delivery_id: string;
                            error_category: string | null;
                            error_message: string | null;
                            event_id: string;
                            /** @description why a pending or retrying delivery is held back: its endpoint's circuit is open */
                            held_reason: string | null;
                            namespace: string;
                            /** @description when a pending or retrying delivery is due */
                            next_attempt_at: string | null;
                            request_body: string | null;
                            response_body: string | null;
                            response_code: number | null;
                            status: string;
                            subscription_id: string | null;
                            template_error: string | null;
                            updated_at: string;
                            webhook_id: string;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                        /** @description with prepare_retry: a snapshot of up to 10,000 matching deliveries */
                        retry_id?: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "DeliveryService.PrepareRetry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_after?: string;
                    /** Format: date-time */
                    created_before?: string;
                    error_category?: ("success" | "client_error" | "server_error" | "timeout" | "connection_refused" | "network_error" | "dns_error" | "tls_error" | "unexpected_status" | "unknown" | "rate_limited" | "template_error") | "";
                    event_id?: string | "";
                    namespace: string;
                    status?: string | number;
                    subscription_id?: string | "";
                    webhook_id?: string | "";
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch: {
                            created_at: string;
                            expires_at: string;
                            failed: number;
                            processed: number;
                            /** @enum {string} */
                            status: "pending" | "processing" | "completed" | "cancelled";
                            total: number;
                        };
                        retry_id: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "DeliveryService.RetryDeliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    retry_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        retry_id: string;
                        status: string;
                        total: number;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "DeliveryService.RetryDelivery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    delivery_id?: string | "";
                    /** @default false */
                    force?: boolean;
                    namespace: string;
                    webhook_id?: string | "";
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery_ids: string[];
                        retried_count: number;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.CancelRepush": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    repush_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.DeleteEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.GetEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event: {
                            active: boolean;
                            created_at: string;
                            description: string;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            sample_payload: unknown;
                            schema: {
                                [key: string]: unknown;
                            } | null;
                            updated_at: string;
                            version: number;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.GetEventRecord": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    event_id?: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event: {
                            created_at: string;
                            event_id: string;
                            event_name: string;
                            expires_at: string | null;
                            failed_count: number;
                            labels: {
                                [key: string]: string;
                            };
                            metadata: {
                                [key: string]: string;
                            };
                            namespace: string;
                            payload: {
                                [key: string]: unknown;
                            };
                            pending_count: number;
                            schema_valid: boolean;
                            successful_count: number;
                            warnings: string[];
                            webhook_count: number;
                        };
                        expires_at: string | null;
                        labels: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.GetRepushStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    repush_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch: {
                            created_at: string;
                            expires_at: string;
                            failed: number;
                            processed: number;
                            /** @enum {string} */
                            status: "pending" | "processing" | "completed" | "cancelled";
                            total: number;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.ListEventReports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_after?: string;
                    /** Format: date-time */
                    created_before?: string;
                    event_name?: string | "";
                    /** @default {} */
                    labels?: {
                        [key: string]: string;
                    };
                    namespace: string;
                    pagination?: {
                        limit?: number | string;
                        offset?: number | string;
                        /** @description Ignored; accepted from clients that send the answer's count back. */
                        total_count?: number | string;
                    };
                    /**
                     * @description deprecated: use PrepareRepush
                     * @default false
                     */
                    prepare_repush?: boolean;
                    schema_valid?: boolean;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            created_at: string;
                            event_id: string;
                            event_name: string;
                            expires_at: string | null;
                            failed_count: number;
                            labels: {
                                [key: string]: string;
                            };
                            metadata: {
                                [key: string]: string;
                            };
                            namespace: string;
                            payload: {
                                [key: string]: unknown;
                            };
                            pending_count: number;
                            schema_valid: boolean;
                            successful_count: number;
                            warnings: string[];
                            webhook_count: number;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                        /** @description with prepare_repush: a snapshot of up to 10,000 matching events */
                        repush_id?: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.ListEvents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    active_only?: boolean;
                    pagination?: {
                        limit?: number | string;
                        offset?: number | string;
                        /** @description Ignored; accepted from clients that send the answer's count back. */
                        total_count?: number | string;
                    };
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            active: boolean;
                            created_at: string;
                            description: string;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            schema: {
                                [key: string]: unknown;
                            } | null;
                            updated_at: string;
                            version: number;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.PrepareRepush": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_after?: string;
                    /** Format: date-time */
                    created_before?: string;
                    event_name?: string | "";
                    /** @default {} */
                    labels?: {
                        [key: string]: string;
                    };
                    namespace: string;
                    schema_valid?: boolean;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch: {
                            created_at: string;
                            expires_at: string;
                            failed: number;
                            processed: number;
                            /** @enum {string} */
                            status: "pending" | "processing" | "completed" | "cancelled";
                            total: number;
                        };
                        repush_id: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.PushEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event: string;
                    /** @description client idempotency id */
                    id?: string;
                    /** @default {} */
                    labels?: {
                        [key: string]: string;
                    };
                    /** @default {} */
                    metadata?: {
                        [key: string]: string;
                    };
                    namespace: string;
                    payload: {
                        [key: string]: unknown;
                    };
                    ttl_seconds?: number | string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duplicate: boolean;
                        event_id: string;
                        warnings: string[];
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.RegisterEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    description?: string;
                    metadata?: {
                        [key: string]: string;
                    };
                    name: string;
                    schema?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        event_id: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.RePushEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    event_id?: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event_id: string;
                        warnings: string[];
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.RePushEvents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    repush_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        repush_id: string;
                        status: string;
                        total: number;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "EventService.UpdateEvent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    description?: string;
                    metadata?: {
                        [key: string]: string;
                    };
                    name: string;
                    schema?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "HealthService.GetHealthSummary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        summary: {
                            degraded_count: number;
                            healthy_count: number;
                            total_count: number;
                            unhealthy_count: number;
                            unknown_count: number;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "HealthService.GetWebhookHealth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    namespace: string;
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description While open, the endpoint's due deliveries are held back and only a probe is sent (docs/isolation.md) */
                        circuit: {
                            /** @description attempts in a row that got no answer (timeouts, refused or reset connections) */
                            consecutive_no_answer: number;
                            /** @description when the next single probe delivery may go */
                            next_probe_at: string | null;
                            open: boolean;
                            opened_at: string | null;
                            reason: string | null;
                        };
                        health: string;
                        metrics: {
                            /** @description milliseconds */
                            avg_response_time: number;
                            /** @description last 24 hours */
                            client_errors: number;
                            consecutive_failures: number;
                            created_at: string;
                            failed_deliveries: number;
                            last_failure_at: string | null;
                            last_success_at: string | null;
                            /** @description last 24 hours */
                            network_errors: number;
                            /** @description last 24 hours */
                            server_errors: number;
                            success_rate: number;
                            successful_deliveries: number;
                            /** @description last 24 hours */
                            timeout_errors: number;
                            total_deliveries: number;
                            /** @description last 24 hours */
                            unexpected_status_errors: number;
                            updated_at: string;
                            webhook_id: string;
                        } | null;
                        /** @description why the webhook is paused (operator, 410 Gone or auto-disable); null while active */
                        paused_reason: string | null;
                        webhook_id: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "HealthService.ListWebhooksByHealth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    health: string | number;
                    pagination?: {
                        limit?: number | string;
                        offset?: number | string;
                        /** @description Ignored; accepted from clients that send the answer's count back. */
                        total_count?: number | string;
                    };
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                        webhooks: {
                            active: boolean;
                            created_at: string;
                            description: string;
                            events: string[];
                            headers: {
                                [key: string]: string;
                            };
                            health: string;
                            http_config: {
                                /** @description pause after this long with only failures; 0 = the server default (SVC_AUTO_DISABLE_AFTER) */
                                auto_disable_after_seconds: number;
                                capture_response_body: boolean;
                                expected_status_codes: number[];
                                follow_redirects: boolean;
                                max_retries: number;
                                /** @description a 410 Gone answer pauses the webhook (default true) */
                                pause_on_gone: boolean;
                                rate_limit_rps: number | null;
                                request_timeout_seconds: number;
                                retry_backoff_seconds: number;
                                verify_ssl: boolean;
                                /** @description whsec_… in plaintext only in the registration response; masked afterwards */
                                webhook_secret: string;
                            };
                            namespace: string;
                            paused_reason: string;
                            /** @description names only; every value is a fixed mask */
                            secret_headers: {
                                [key: string]: string;
                            };
                            /** @description base64 Ed25519 public key (32 bytes) */
                            signing_public_key: string;
                            timeout: number;
                            updated_at: string;
                            url: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "ListenService.AnswerListenDelivery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    body?: string;
                    namespace: string;
                    request_id: string;
                    session_id: string;
                    status: number | string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "ListenService.CreateListenSession": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    description?: string;
                    events: string[];
                    http_config?: {
                        auto_disable_after_seconds?: number | string;
                        capture_response_body?: boolean;
                        expected_status_codes?: (number | string)[];
                        max_retries?: number | string;
                        pause_on_gone?: boolean;
                        request_timeout_seconds?: number | string;
                        retry_backoff_seconds?: number | string;
                    };
                    namespace: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consumer: string;
                        events: string[];
                        /** @description How long the session outlives its last open stream */
                        lease_seconds: number;
                        session_id: string;
                        signing_public_key: string;
                        /** @description GET it for the text/event-stream of deliveries */
                        stream_path: string;
                        webhook_id: string;
                        /** @description Verifies the deliveries (Standard Webhooks); shown only here */
                        webhook_secret: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "ListenService.EndListenSession": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    namespace: string;
                    session_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "NamespaceService.CreateNamespace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        namespace: {
                            created_at: string;
                            name: string;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "NamespaceService.DeleteNamespace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "NamespaceService.GetNamespace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        namespace: {
                            created_at: string;
                            name: string;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "NamespaceService.ListNamespaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pagination?: {
                        limit?: number | string;
                        offset?: number | string;
                        /** @description Ignored; accepted from clients that send the answer's count back. */
                        total_count?: number | string;
                    };
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        namespaces: {
                            created_at: string;
                            name: string;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "SubscriptionService.CreateSubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_name: string;
                    /** @default {} */
                    headers?: {
                        [key: string]: string;
                    };
                    /** @default {} */
                    label_filters?: {
                        [key: string]: string;
                    };
                    method?: string;
                    namespace: string;
                    on_transform_error?: string | number;
                    /** @description seconds; 0 = the webhook's request timeout */
                    timeout?: number | string;
                    /** @default false */
                    transform_enabled?: boolean;
                    /**
                     * @description missingkey=error: a missing map key fails the transform
                     * @default false
                     */
                    transform_strict?: boolean;
                    /**
                     * @description Go text/template source; its output replaces the delivery body
                     * @default
                     */
                    transform_template?: string;
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        subscription_id: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "SubscriptionService.DeleteSubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    namespace: string;
                    subscription_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "SubscriptionService.GetSubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    namespace: string;
                    subscription_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscription: {
                            created_at: string;
                            event_name: string;
                            headers: {
                                [key: string]: string;
                            };
                            label_filters: {
                                [key: string]: string;
                            };
                            method: string;
                            namespace: string;
                            on_transform_error: string;
                            subscription_id: string;
                            timeout: number;
                            transform_enabled: boolean;
                            transform_strict: boolean;
                            transform_template: string;
                            updated_at: string;
                            webhook_id: string;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "SubscriptionService.ListSubscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_name?: string | "";
                    namespace: string;
                    pagination?: {
                        limit?: number | string;
                        offset?: number | string;
                        /** @description Ignored; accepted from clients that send the answer's count back. */
                        total_count?: number | string;
                    };
                    webhook_id?: string | "";
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                        subscriptions: {
                            created_at: string;
                            event_name: string;
                            headers: {
                                [key: string]: string;
                            };
                            label_filters: {
                                [key: string]: string;
                            };
                            method: string;
                            namespace: string;
                            on_transform_error: string;
                            subscription_id: string;
                            timeout: number;
                            transform_enabled: boolean;
                            transform_strict: boolean;
                            transform_template: string;
                            updated_at: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "SubscriptionService.TestSubscriptionTemplate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_name: string;
                    namespace: string;
                    /** @description Render against this payload instead of the event type's sample payload (then the event type needs no schema) */
                    payload?: {
                        [key: string]: unknown;
                    };
                    /**
                     * @description missingkey=error: a missing map key fails the render
                     * @default false
                     */
                    transform_strict?: boolean;
                    /** @description Go text/template source; empty renders the default envelope */
                    transform_template: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description exactly the body a delivery would send */
                        transformed_payload: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "SubscriptionService.UpdateSubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    headers?: {
                        [key: string]: string;
                    };
                    label_filters?: {
                        [key: string]: string;
                    };
                    method?: string;
                    namespace: string;
                    on_transform_error?: string | number;
                    subscription_id: string;
                    timeout?: number | string;
                    transform_enabled?: boolean;
                    transform_strict?: boolean;
                    transform_template?: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "WebhookService.GetNamespaceStats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    namespace: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        namespace: string;
                        stats: {
                            active_webhooks: number;
                            failed_deliveries: number;
                            /** @description pending, sending or retrying */
                            pending_deliveries: number;
                            /** @description successful / total; 0 without deliveries */
                            success_rate: number;
                            successful_deliveries: number;
                            total_deliveries: number;
                            total_webhooks: number;
                        };
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "WebhookService.GetTemplateFunctions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        functions: {
                            description: string;
                            name: string;
                        }[];
                        total_count: number;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "WebhookService.ListWebhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    active_only?: boolean;
                    event?: string | "";
                    namespace: string;
                    pagination?: {
                        limit?: number | string;
                        offset?: number | string;
                        /** @description Ignored; accepted from clients that send the answer's count back. */
                        total_count?: number | string;
                    };
                    webhook_id?: string | "";
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            limit: number;
                            offset: number;
                            total_count: number;
                        };
                        webhooks: {
                            active: boolean;
                            created_at: string;
                            description: string;
                            events: string[];
                            headers: {
                                [key: string]: string;
                            };
                            health: string;
                            http_config: {
                                /** @description pause after this long with only failures; 0 = the server default (SVC_AUTO_DISABLE_AFTER) */
                                auto_disable_after_seconds: number;
                                capture_response_body: boolean;
                                expected_status_codes: number[];
                                follow_redirects: boolean;
                                max_retries: number;
                                /** @description a 410 Gone answer pauses the webhook (default true) */
                                pause_on_gone: boolean;
                                rate_limit_rps: number | null;
                                request_timeout_seconds: number;
                                retry_backoff_seconds: number;
                                verify_ssl: boolean;
                                /** @description whsec_… in plaintext only in the registration response; masked afterwards */
                                webhook_secret: string;
                            };
                            namespace: string;
                            paused_reason: string;
                            /** @description names only; every value is a fixed mask */
                            secret_headers: {
                                [key: string]: string;
                            };
                            /** @description base64 Ed25519 public key (32 bytes) */
                            signing_public_key: string;
                            timeout: number;
                            updated_at: string;
                            url: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "WebhookService.PauseWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    namespace: string;
                    /** @default  */
                    reason?: string;
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "WebhookService.RegisterWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    active?: boolean;
                    /** @default  */
                    description?: string;
                    events: string[];
                    /** @default {} */
                    headers?: {
                        [key: string]: string;
                    };
                    http_config?: {
                        auto_disable_after_seconds?: number | string;
                        capture_response_body?: boolean;
                        expected_status_codes?: (number | string)[];
                        follow_redirects?: boolean;
                        max_retries?: number | string;
                        pause_on_gone?: boolean;
                        rate_limit_rps?: number | null;
                        request_timeout_seconds?: number | string;
                        retry_backoff_seconds?: number | string;
                        verify_ssl?: boolean;
                        webhook_secret?: string;
                    };
                    namespace: string;
                    /** @default {} */
                    secret_headers?: {
                        [key: string]: string;
                    };
                    /** @description Deprecated: use http_config.request_timeout_seconds */
                    timeout?: number | string;
                    url: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        signing_public_key: string;
                        webhook_id: string;
                        webhook_secret: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "WebhookService.ResumeWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    namespace: string;
                    /** @default  */
                    reason?: string;
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "WebhookService.RotateWebhookSecret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description How long the replaced secret and key keep signing beside the new ones (default 86400; 0 replaces at once) */
                    grace_seconds?: number | string;
                    namespace: string;
                    /** @description The new whsec_ secret; omitted, svc generates one */
                    secret?: string;
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description When the replaced secret and key stop signing and are destroyed; null when replaced at once */
                        previous_secret_expires_at: string | null;
                        /** @description The new base64 Ed25519 public key */
                        signing_public_key: string;
                        webhook_id: string;
                        /** @description The new whsec_ secret, in plaintext only in this response */
                        webhook_secret: string;
                    };
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "WebhookService.UnregisterWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    namespace: string;
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
    "WebhookService.UpdateWebhookConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    namespace: string;
                    update_mask?: string | {
                        /** @default [] */
                        paths?: string[];
                    };
                    updates?: {
                        active?: boolean;
                        description?: string;
                        events?: string[];
                        headers?: {
                            [key: string]: string;
                        };
                        http_config?: {
                            auto_disable_after_seconds?: number | string;
                            capture_response_body?: boolean;
                            expected_status_codes?: (number | string)[];
                            follow_redirects?: boolean;
                            max_retries?: number | string;
                            pause_on_gone?: boolean;
                            rate_limit_rps?: number | null;
                            request_timeout_seconds?: number | string;
                            retry_backoff_seconds?: number | string;
                            verify_ssl?: boolean;
                            webhook_secret?: string;
                        };
                        secret_headers?: {
                            [key: string]: string;
                        };
                        timeout?: number | string;
                        url?: string;
                    };
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Connect error caused by the request (the code names which) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Connect error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectError"];
                };
            };
        };
    };
}
