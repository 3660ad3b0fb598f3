// The bridge from node:http to the fetch handler, via @whatwg-node/server.
import type { IncomingMessage } from "node:http";
import { createServerAdapter } from "@whatwg-node/server";
import type { HttpApp } from "./app.ts";
import { attachNodeRequest } from "./node-request.ts";

interface NodeContext {
  req?: IncomingMessage;
}

export function createNodeHandler(http: HttpApp) {
  return createServerAdapter<NodeContext>((request, context) => {
    attachNodeRequest(request, context.req);
    return http.fetch(request);
  });
}
