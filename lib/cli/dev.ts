// `svc dev`: zero-setup local run — embedded PostgreSQL, a development keyring, the UI on.
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { removeDevInstance, writeDevInstance } from "../dev/instance-file.ts";
import { loadOrCreateDevKeyring } from "../dev/keyring-file.ts";
import { startEmbeddedPostgres } from "../dev/embedded-postgres.ts";
import { createLogger } from "../log.ts";
import { configOrExit, EXIT_CONFIG, runServer } from "../server/run.ts";
import type { ServiceParts } from "../server/start.ts";

export async function dev(env: Record<string, string | undefined>, service: ServiceParts): Promise<void> {
  if ((env.ENVIRONMENT ?? "").trim().toLowerCase() === "production") {
    process.stderr.write(
      "svc: `svc dev` is for local development and refuses to run with ENVIRONMENT=production; use `svc serve`\n",
    );
    process.exit(EXIT_CONFIG);
  }
  const log = createLogger("info");
  const home = resolve(".svc");
  await mkdir(home, { recursive: true, mode: 0o755 });
  log.warn("svc dev is for local development only: embedded database, development keyring, UI on");

  const { keyring, created } = await loadOrCreateDevKeyring(join(home, "dev-keyring"));
  if (created) log.info("created a development keyring", { file: join(home, "dev-keyring") });

  let database: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  if (!env.DATABASE_URL) database = await startEmbeddedPostgres({ dir: join(home, "postgres"), log });

  const config = configOrExit({
    SVC_SERVE_UI: "true",
    // Local receivers (localhost:3000 …) are the point of a dev run; cloud metadata stays blocked regardless.
    SVC_ALLOW_PRIVATE_NETWORKS: "true",
    ...keyring,
    ...env,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const running = await runServer(config, {
    ...service,
    log,
    onStopped: async () => {
      await removeDevInstance(home);
      await database?.stop();
    },
  });
  await writeDevInstance(home, { DATABASE_URL: config.databaseUrl, SVC_URL: running.url });
  process.stdout.write(
    `\n  svc is running: ${running.url}\n` +
      `  API docs:       ${running.url}/docs\n` +
      `  CLI elsewhere:  export SVC_URL=${running.url}${config.apiKey ? " SVC_API_KEY=<your key>" : ""}\n` +
      `  In this directory every svc command (tokens, invite, push, …) finds this instance by itself.\n\n`,
  );
}
