// No Docker engine runs here, so the image is checked by its layout: the files the Dockerfile copies into the
// final stage, started the way its CMD starts them, with its ENV — it must refuse to start open, serve with a
// key, and pass its own HEALTHCHECK command.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { createTestDatabase } from "../helpers/cluster.ts";
import { TEST_KEYS } from "../helpers/service.ts";

interface FinalStage {
  copies: { from: string; to: string }[];
  env: Record<string, string>;
  user: string;
  cmd: string[];
  healthcheck: string;
}

/** The final stage of the Dockerfile: its COPY --from=build lines, ENV, USER, CMD and HEALTHCHECK. */
async function finalStage(): Promise<FinalStage> {
  const text = (await readFile("Dockerfile", "utf8")).replace(/\\\n/g, " ");
  const stages = text.split(/^FROM /m);
  const lines = stages[stages.length - 1]!.split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const stage: FinalStage = { copies: [], env: {}, user: "root", cmd: [], healthcheck: "" };
  for (const line of lines) {
    const [word, ...rest] = line.split(/\s+/);
    const args = rest.join(" ");
    if (word === "COPY") {
      const parts = args.split(/\s+/).filter((p) => !p.startsWith("--"));
      stage.copies.push({ from: parts[0]!.replace(/^\/src\/?/, ""), to: parts[1]! });
    } else if (word === "ENV") for (const m of args.matchAll(/(\w+)=(\S+)/g)) stage.env[m[1]!] = m[2]!;
    else if (word === "USER") stage.user = args;
    else if (word === "CMD") stage.cmd = JSON.parse(args);
    else if (word === "HEALTHCHECK") stage.healthcheck = args.slice(args.indexOf("CMD ") + 4);
  }
  return stage;
}

test("the image runs as an unprivileged user, in production, with a HEALTHCHECK", async () => {
  const stage = await finalStage();
  assert.notEqual(stage.user, "root");
  assert.equal(stage.env.ENVIRONMENT, "production");
  assert.match(stage.healthcheck, /\/ready/);
  assert.ok(!stage.copies.some((c) => c.from.startsWith("node_modules")), "the bundle needs no node_modules");
});

test("the image's files start the server: open start refused, with a key it serves and its HEALTHCHECK passes", async (t) => {
  const stage = await finalStage();
  const app = await mkdtemp(join(tmpdir(), "svc-image-"));
  t.after(() => rm(app, { recursive: true, force: true }));
  for (const { from, to } of stage.copies) await cp(from, join(app, to.replace(/^\.\//, "")), { recursive: true });
  const databaseUrl = await createTestDatabase(t);
  const [keyId] = TEST_KEYS.split("=");
  const env = {
    PATH: process.env.PATH,
    ...stage.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    SVC_ENCRYPTION_KEYS: TEST_KEYS,
    SVC_ENCRYPTION_PRIMARY_KEY_ID: keyId!,
    SVC_ALLOWED_NETWORKS: "",
  };

  const open = spawnSync(stage.cmd[0]!, stage.cmd.slice(1), { cwd: app, env, encoding: "utf8", timeout: 30_000 });
  assert.notEqual(open.status, 0);
  assert.match(open.stdout + open.stderr, /SVC_API_KEY is required when ENVIRONMENT=production/);

  const server = spawn(stage.cmd[0]!, stage.cmd.slice(1), {
    cwd: app,
    env: { ...env, SVC_API_KEY: "k".repeat(40) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  t.after(() => server.kill("SIGKILL"));
  let out = "";
  server.stdout.on("data", (d) => (out += d));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /"url":"http:\/\/[^:]+:(\d+)"/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      }
    }, 50);
    server.once("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  assert.equal((await fetch(`http://127.0.0.1:${port}/ready`)).status, 200);
  const health = spawnSync("sh", ["-c", stage.healthcheck], {
    cwd: app,
    env: { ...env, PORT: port },
    encoding: "utf8",
    timeout: 10_000,
  });
  assert.equal(health.status, 0, health.stderr);
  server.kill("SIGTERM");
  assert.equal(await new Promise((r) => server.once("exit", r)), 0);
});
