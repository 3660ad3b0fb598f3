// Where the developer commands send their requests: flags, then SVC_URL / SVC_API_KEY / SVC_CONSUMER, then the
// file `svc login` wrote ($XDG_CONFIG_HOME/svc/config.json, mode 0600), then a `svc dev` running in this
// directory. They speak the public HTTP API, so they work against any svc, local or remote.
import { mkdirSync, readFileSync, writeFileSync, chmodSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { devEnvironment } from "../dev/instance-file.ts";
import { EXIT } from "./exit-codes.ts";

export interface Remote {
  url: string;
  apiKey?: string;
  consumer: string;
}

export interface SavedLogin {
  url: string;
  api_key?: string;
  consumer?: string;
}

/** A failure that ends the command with one line and an exit status, never a stack trace. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
  ) {
    super(message);
  }
}

export function configFile(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return join(base, "svc", "config.json");
}

export function readLogin(env: NodeJS.ProcessEnv): SavedLogin | undefined {
  try {
    return JSON.parse(readFileSync(configFile(env), "utf8")) as SavedLogin;
  } catch {
    return undefined;
  }
}

export function saveLogin(env: NodeJS.ProcessEnv, login: SavedLogin): string {
  const file = configFile(env);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(login, null, 2) + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

export function resolveRemote(
  env: NodeJS.ProcessEnv,
  flags: { url?: string; "api-key"?: string; consumer?: string },
): Remote {
  const saved = readLogin(env);
  const dev = devEnvironment(process.cwd());
  const url = flags.url || env.SVC_URL || saved?.url || dev.SVC_URL;
  if (!url)
    throw new CliFailure(
      "svc: no svc to talk to: run `svc login --url URL`, set SVC_URL, or start `svc dev` in this directory",
      EXIT.usage,
    );
  const apiKey = flags["api-key"] || env.SVC_API_KEY || (saved?.url === url ? saved.api_key : undefined);
  return {
    url: url.replace(/\/+$/, ""),
    apiKey: apiKey || undefined,
    consumer: flags.consumer || env.SVC_CONSUMER || saved?.consumer || "default",
  };
}

/** One API call; transport failures and refusals become one clear line. */
export async function call<T = unknown>(remote: Remote, method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(remote.url + path, {
      method,
      headers: {
        ...(remote.apiKey ? { "x-api-key": remote.apiKey } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new CliFailure(`svc: cannot reach ${remote.url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
  }
  const text = await res.text();
  let parsed: { detail?: string; message?: string; reason?: string } | undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  if (res.status === 401 || res.status === 403) {
    throw new CliFailure(
      `svc: ${remote.url} refused the credential (${res.status}): ${parsed?.message ?? parsed?.detail ?? text.slice(0, 200)}`,
      EXIT.usage,
    );
  }
  if (!res.ok) {
    const reason = parsed?.detail ?? parsed?.message ?? text.slice(0, 300);
    throw new CliFailure(
      `svc: ${reason || `HTTP ${res.status}`}`,
      res.status === 404 ? EXIT.notFound : res.status < 500 ? EXIT.usage : EXIT.failure,
    );
  }
  return parsed as T;
}

/** Runs a developer command: a CliFailure becomes its line and status. */
export async function developerCommand(run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CliFailure) {
      if (err.message) process.stderr.write(err.message + "\n");
      return err.exitCode;
    }
    process.stderr.write(`svc: ${(err as Error).message}\n`);
    return EXIT.failure;
  }
}
