// svc's API on Bun: `bun deploy/bun/serve.js`, with the README's variables in the environment (PORT, HOST too).
// Delivery workers and scheduled jobs run on Node beside it (`svc serve`); see docs/runtimes.md.
import { createFetchHandler } from "../../dist/fetch.js";

const handler = createFetchHandler(process.env);
const server = Bun.serve({
  port: Number(process.env.PORT ?? 8080),
  hostname: process.env.HOST ?? "0.0.0.0",
  fetch: handler,
});
console.log(
  JSON.stringify({ level: "info", msg: "svc listening", url: server.url.href, runtime: `bun ${Bun.version}` }),
);
