// The real proxies in front of a real svc: Debian's nginx and caddy (installed when missing; a proxy that cannot be
// installed fails the test), run as plain processes on free ports with their own directories, with the shipped
// configurations from deploy/ filled in with those ports and a self-signed certificate made with openssl.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Agent, request } from "undici";
import type { Cleanup } from "../helpers/service.ts";
import { freePort } from "../helpers/ports.ts";

const run = promisify(execFile);

const BINARIES = { nginx: "/usr/sbin/nginx", caddy: "/usr/bin/caddy" } as const;
let installing: Promise<void> | undefined;

/** The proxy's binary; installs Debian's nginx and caddy with apt-get when one is missing. */
export async function proxyBinary(name: keyof typeof BINARIES): Promise<string> {
  if (!existsSync(BINARIES[name])) {
    installing ??= (async () => {
      const apt = ["-o", "DPkg::Lock::Timeout=900", "-y", "-q"];
      const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
      const big = { env, maxBuffer: 64 * 1024 * 1024 };
      try {
        await run("apt-get", [...apt, "install", "nginx", "caddy"], big);
      } catch {
        await run("apt-get", ["-o", "DPkg::Lock::Timeout=900", "-q", "update"], big);
        await run("apt-get", [...apt, "install", "nginx", "caddy"], big);
      }
    })();
    await installing;
  }
  if (!existsSync(BINARIES[name])) throw new Error(`apt-get install ${name} finished but ${BINARIES[name]} is missing`);
  return BINARIES[name];
}

export { freePort };

/** A directory removed when the test ends. */
export async function scratch(t: Cleanup, name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `svc-${name}-`));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export interface Tls {
  cert: string;
  key: string;
  certPem: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl now. */
export async function selfSignedCert(dir: string): Promise<Tls> {
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=IP:127.0.0.1,DNS:localhost",
    "-keyout",
    key,
    "-out",
    cert,
  ]);
  return { cert, key, certPem: await readFile(cert, "utf8") };
}

/** A shipped configuration with its placeholders replaced (every one must be there). */
export async function shipped(path: string, replacements: [string, string][]): Promise<string> {
  let text = await readFile(path, "utf8");
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`${path} no longer contains ${from}`);
    text = text.split(from).join(to);
  }
  return text;
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the proxy exited (${child.exitCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the proxy did not listen on ${port}: ${output()}`);
}

/** Starts a process that must keep running; killed (and awaited) when the test ends, also on failure. */
async function startProcess(t: Cleanup, cmd: string, args: string[], port: number, env = process.env) {
  const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  t.after(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
    await exited;
    clearTimeout(timer);
  });
  await waitForPort(port, child, () => output);
  return { child, output: () => output };
}

/** nginx in the foreground with its own prefix, pid, logs and temp directories, serving `site` (an http{} include). */
export async function startNginx(t: Cleanup, dir: string, site: string, port: number) {
  const bin = await proxyBinary("nginx");
  const temp = join(dir, "temp");
  await mkdir(temp, { recursive: true });
  // Worker processes of a root master run as nobody; they write buffered bodies here.
  await chmod(temp, 0o777);
  await writeFile(join(dir, "site.conf"), site);
  await writeFile(
    join(dir, "nginx.conf"),
    [
      "worker_processes 1;",
      `pid ${join(dir, "nginx.pid")};`,
      `error_log ${join(dir, "error.log")} warn;`,
      "events { worker_connections 512; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((k) => `  ${k}_temp_path ${join(temp, k)};`),
      `  include ${join(dir, "site.conf")};`,
      "}",
    ].join("\n"),
  );
  return startProcess(
    t,
    bin,
    ["-p", dir, "-e", join(dir, "error.log"), "-c", join(dir, "nginx.conf"), "-g", "daemon off;"],
    port,
  );
}

/**
 * A shipped nginx configuration (deploy/nginx/`file`) made runnable here: its upstream pointed at `upstream`, its
 * ports on 127.0.0.1 (`port` for TLS, chosen by the caller when its URL must be known first), `server`'s certificate
 * replaced by a fresh self-signed one; nginx started on it. Returns the https origin and the certificate.
 */
export async function shippedNginx(
  t: Cleanup,
  { file, upstream, server, port }: { file: string; upstream: string; server: string; port?: number },
): Promise<{ origin: string; tls: Tls }> {
  const dir = await scratch(t, "nginx");
  const tls = await selfSignedCert(dir);
  const tlsPort = port ?? (await freePort());
  const site = await shipped(`deploy/nginx/${file}`, [
    ["127.0.0.1:8080", upstream],
    ["listen 80;", `listen 127.0.0.1:${await freePort()};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${tlsPort} ssl http2;`],
    [`server_name ${server};`, "server_name _;"],
    [`/etc/ssl/certs/${server}.pem`, tls.cert],
    [`/etc/ssl/private/${server}.key`, tls.key],
  ]);
  await startNginx(t, dir, site, tlsPort);
  return { origin: `https://127.0.0.1:${tlsPort}`, tls };
}

/** caddy run with admin API and automatic HTTPS off (the certificate is given), its data in `dir`. */
export async function startCaddy(
  t: Cleanup,
  dir: string,
  caddyfile: string,
  port: number,
  env: Record<string, string>,
) {
  const bin = await proxyBinary("caddy");
  const path = join(dir, "Caddyfile");
  await writeFile(path, caddyfile);
  return startProcess(t, bin, ["run", "--config", path, "--adapter", "caddyfile"], port, {
    ...process.env,
    ...env,
    HOME: dir,
    XDG_DATA_HOME: join(dir, "data"),
    XDG_CONFIG_HOME: join(dir, "config"),
  });
}

/** An HTTP client that trusts the test certificate, optionally from another loopback address. */
export function client(t: Cleanup, options: { ca?: string; localAddress?: string } = {}) {
  const agent = new Agent({ localAddress: options.localAddress, connect: { ca: options.ca } });
  t.after(() => agent.close());
  return async (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) => {
    const res = await request(url, {
      dispatcher: agent,
      method: (init.method ?? "GET") as "GET",
      headers: init.headers,
      body: init.body,
    });
    const text = await res.body.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, headers: res.headers, text, body };
  };
}
