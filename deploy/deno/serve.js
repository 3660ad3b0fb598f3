// svc's API on Deno: `deno run --allow-env --allow-net --allow-read=. deploy/deno/serve.js`, with the README's
// variables in the environment (PORT, HOST too). Delivery workers and scheduled jobs run on Node beside it
// (`svc serve`); see docs/runtimes.md.
import { createFetchHandler } from "../../dist/fetch.js";

const env = Deno.env.toObject();
const handler = createFetchHandler(env);
Deno.serve(
  {
    port: Number(env.PORT ?? 8080),
    hostname: env.HOST ?? "0.0.0.0",
    onListen: ({ hostname, port }) =>
      console.log(
        JSON.stringify({
          level: "info",
          msg: "svc listening",
          url: `http://${hostname}:${port}/`,
          runtime: `deno ${Deno.version.deno}`,
        }),
      ),
  },
  handler,
);
