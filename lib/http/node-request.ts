// The Node request behind a fetch Request, when svc runs behind @whatwg-node/server: its body can be read
// without the web-stream layer, and its raw URL is the path exactly as the client sent it.
import type { IncomingMessage } from "node:http";

const nodeRequests = new WeakMap<Request, IncomingMessage>();

/** Called by the server adapter for every request. */
export function attachNodeRequest(request: Request, nodeRequest: IncomingMessage | undefined): void {
  if (nodeRequest && typeof nodeRequest.on === "function") nodeRequests.set(request, nodeRequest);
}

export function nodeRequestOf(request: Request): IncomingMessage | undefined {
  return nodeRequests.get(request);
}

/** The request path as sent, before URL parsing resolved dot segments or percent-encoded dots. */
export function rawPathOf(request: Request): string {
  const raw = nodeRequests.get(request)?.url;
  if (raw !== undefined) return raw.split("?")[0]!;
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const end = url.indexOf("?", start);
  return start < 0 ? "/" : end < 0 ? url.slice(start) : url.slice(start, end);
}
