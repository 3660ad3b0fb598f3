// dist/server.js: serve HTTP and run the workers, configured from the environment (same as `svc serve`).
import { configOrExit, runServer } from "../server/run.ts";
import { startWorkers } from "../../jobs/index.ts";

await runServer(configOrExit(process.env), { startWorkers });
