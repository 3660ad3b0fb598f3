// Every route in the table is reached by its own path, whichever router (REST group, RPC service, full table)
// serves it; regular and irregular spellings of a path route alike; unknown paths and methods still get 404/405.
import assert from "node:assert/strict";
import { test } from "node:test";
import { routes } from "../../handlers/routes.ts";
import { rpcPath, PATH_PARAM } from "../../lib/http/route.ts";
import { sharedService } from "../helpers/service.ts";

const svc = sharedService();

const fill = (path: string) =>
  path.replace(PATH_PARAM, (_m, name: string) =>
    name === "consumer"
      ? "routing-c"
      : name === "name"
        ? "routing.event"
        : /_id$/.test(name)
          ? "00000000-0000-4000-8000-000000000000"
          : "x",
  );
const NO_ROUTE = /^(no route for|unknown RPC method)|is not allowed on|are called with POST/;

async function reach(method: string, path: string) {
  const res = await svc().request(path, { method, ...(method === "GET" || method === "DELETE" ? {} : { json: {} }) });
  const message = String(res.body?.detail ?? res.body?.message ?? "");
  return { status: res.status, message };
}

test("every route is reached through its own path, also with a trailing slash", async () => {
  const misses: string[] = [];
  let checked = 0;
  for (const route of routes) {
    const method = route.kind === "rpc" ? "POST" : route.method;
    const path = route.kind === "rpc" ? rpcPath(route) : fill(route.path);
    for (const variant of [path, path.endsWith("/") ? path : path + "/"]) {
      const { status, message } = await reach(method, variant);
      checked++;
      if (status === 405 || (status === 404 && NO_ROUTE.test(message)))
        misses.push(`${method} ${variant}: ${status} ${message}`);
    }
  }
  assert.ok(routes.length > 90, `only ${routes.length} routes`);
  assert.equal(checked, routes.length * 2);
  assert.deepEqual(misses, []);
});

test("unknown paths are 404 and known paths with the wrong method 405, in every group", async () => {
  const cases: [string, string, number, RegExp][] = [
    ["GET", "/v1/consumers/routing-c/nothing-here", 404, /^no route for GET/],
    ["GET", "/v1/nothing-here", 404, /^no route for GET/],
    ["PUT", "/v1/consumers/routing-c/webhooks", 405, /PUT is not allowed/],
    ["PUT", "/v1/event-types", 405, /PUT is not allowed/],
    ["DELETE", "/v1/consumers/routing-c/stats", 405, /DELETE is not allowed/],
    ["POST", "/webhook.EventService/Nope", 404, /^unknown RPC method webhook.EventService\/Nope/],
    ["GET", "/webhook.EventService/PushEvent", 405, /called with POST/],
  ];
  for (const [method, path, status, message] of cases) {
    const res = await reach(method, path);
    assert.equal(res.status, status, `${method} ${path}: ${res.status} ${res.message}`);
    assert.match(res.message, message, `${method} ${path}`);
  }
  // A dot segment is resolved before routing, exactly as the full table always did.
  const dotted = await svc().request("/v1/consumers/../event-types", {});
  assert.equal(dotted.status, 200, JSON.stringify(dotted.body));
  assert.ok(Array.isArray(dotted.body.event_types), JSON.stringify(dotted.body).slice(0, 200));
});
