// dist/server.js: serve HTTP and run the workers, configured from the environment (what `svc serve` does). The
// composition root: the only place (with cli.ts) where lib/, handlers/ and jobs/ meet.
import { routes } from "./handlers/routes.ts";
import { startWorkers } from "./jobs/index.ts";
import { configOrExit, runServer } from "./lib/server/run.ts";

await runServer(configOrExit(process.env), { routes, startWorkers });
