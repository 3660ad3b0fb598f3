// Outbound target policy (SSRF guard) and the dispatchers that enforce it at connect time.
export { createEgressPolicy, EgressBlockedError, parseCidr, type EgressPolicy, type Verdict } from "./policy.ts";
export { createGuardedDispatcher, guardedLookup } from "./dispatcher.ts";
export { blockingRule, embeddedIPv4, isMetadata, METADATA_ADDRESSES } from "./addresses.ts";
