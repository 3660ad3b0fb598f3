// The two servers the shell benchmark compares, started in a child process: `shell` (svc's router, error
// mapping, headers, body limit and zod parsing over @whatwg-node/server) and `bare` (plain node:http).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { routes } from "../../handlers/routes.ts";
import type { AppContext } from "../../lib/app/context.ts";
import { loadConfig } from "../../lib/config.ts";
import { createAppContext } from "../../lib/app/create.ts";
import { createHttpApp } from "../../lib/http/app.ts";
import { createNodeHandler } from "../../lib/http/node-adapter.ts";
import { rpc } from "../../lib/http/route.ts";
import { silentLogger } from "../../lib/log.ts";

const kind = process.argv[2];

function shell() {
  const { config } = loadConfig({
    DATABASE_URL: "postgres://unused/none",
    SVC_ENCRYPTION_KEYS: `k=${"1".repeat(64)}`,
    SVC_ENCRYPTION_PRIMARY_KEY_ID: "k",
    SVC_API_KEY: "bench-key-0123456789abcdef0123456789",
  });
  const app: AppContext = createAppContext(config, undefined as never, silentLogger, { listen: false });
  app.lifecycle.ready = true;
  const echo = rpc({
    service: "BenchService",
    method: "Echo",
    summary: "echo",
    input: z.object({ message: z.string(), labels: z.record(z.string(), z.string()).default({}) }),
    async handle(input) {
      return input;
    },
  });
  // The whole route table, as in production, with the echo method registered last (routing is by table).
  const http = createHttpApp(app, [...routes, echo]);
  return createServer(createNodeHandler(http));
}

function bare() {
  return createServer((req, res) => {
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: "ready" }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(JSON.parse(Buffer.concat(chunks).toString()))),
    );
  });
}

const server = kind === "shell" ? shell() : bare();
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on("SIGINT", () => process.exit(0));
