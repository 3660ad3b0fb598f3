// What a running `svc dev` tells the operator commands started in the same directory: its database URL (the
// embedded PostgreSQL listens on a port chosen at start) and its URL, in ./.svc/dev-instance (mode 0600, removed
// when it stops). With the development keyring beside it, `svc tokens …` and `svc invite …` need no set-up there.
import { readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const DEV_HOME = ".svc";
const INSTANCE_FILE = "dev-instance";
const KEYRING_FILE = "dev-keyring";

export interface DevInstance {
  DATABASE_URL: string;
  SVC_URL: string;
}

export async function writeDevInstance(home: string, instance: DevInstance): Promise<void> {
  const text = [
    "# Written by a running `svc dev`; removed when it stops.",
    ...Object.entries(instance).map(([k, v]) => `${k}=${v}`),
    "",
  ].join("\n");
  await writeFile(join(home, INSTANCE_FILE), text, { mode: 0o600 });
}

export async function removeDevInstance(home: string): Promise<void> {
  await rm(join(home, INSTANCE_FILE), { force: true });
}

function readEnvFile(file: string): Record<string, string> {
  try {
    return Object.fromEntries(
      readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1).trim()]),
    );
  } catch {
    return {};
  }
}

/**
 * The environment of the `svc dev` run in `dir` (its keyring, and its database while it runs), under what the
 * caller's environment sets itself: explicit settings always win.
 */
export function devEnvironment(dir: string): Record<string, string> {
  return { ...readEnvFile(join(dir, DEV_HOME, KEYRING_FILE)), ...readEnvFile(join(dir, DEV_HOME, INSTANCE_FILE)) };
}
