// dist/cli.js: the `svc` command line program. Commands that serve load the operations and workers on demand.
import { runCli } from "./lib/cli/main.ts";

runCli(process.argv, async () => ({
  routes: (await import("./handlers/routes.ts")).routes,
  startWorkers: (await import("./jobs/index.ts")).startWorkers,
}));
