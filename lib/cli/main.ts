// The `svc` program: serve, migrate, dev and the operator commands. The entry point (cli.ts) hands in how to load
// the service's parts, so commands that do not serve never load them.
import sade from "sade";
import type { ServiceParts } from "../server/start.ts";
import { VERSION } from "../version.ts";
import { EXIT } from "./exit-codes.ts";

export function runCli(argv: string[], loadService: () => Promise<ServiceParts>): void {
  const prog = sade("svc").version(VERSION);

  prog
    .command("serve")
    .describe(
      "Serve HTTP and run the delivery workers, configured from the environment (DATABASE_URL, SVC_ENCRYPTION_KEYS, …).",
    )
    .example("serve   # with DATABASE_URL, SVC_ENCRYPTION_KEYS, SVC_ENCRYPTION_PRIMARY_KEY_ID set")
    .action(async () => {
      const { configOrExit, runServer } = await import("../server/run.ts");
      await runServer(configOrExit(process.env), await loadService());
    });

  prog
    .command("migrate")
    .describe("Apply pending database migrations (DATABASE_URL) and exit.")
    .example("migrate")
    .action(async () => {
      const { migrateCommand } = await import("./migrate.ts");
      process.exitCode = await migrateCommand(process.env);
    });

  prog
    .command("dev")
    .describe("Run locally with zero setup: embedded PostgreSQL in ./.svc/postgres, a development keyring, the UI on.")
    .example("dev   # then open the URL it prints")
    .action(async () => {
      const { dev } = await import("./dev.ts");
      await dev(process.env, await loadService());
    });

  prog
    .command("invite <name>")
    .describe(
      "Create a single-use invite link (prints the link). Works against DATABASE_URL and the keyring, no API call.",
    )
    .option("--ttl", "Link lifetime, e.g. 24h (default) up to 7d")
    .option("--ui-url", "Base URL of the UI the link opens (default SVC_PUBLIC_URL, else http://localhost:$PORT)")
    .option("--consumer", "Invite to one consumer's portal instead of full access")
    .option("--json", "Print JSON instead of the link")
    .example("invite alice --ttl 24h")
    .action(async (name: string, opts: Record<string, string>) => {
      const { invite } = await import("./invite.ts");
      process.exitCode = await invite(process.env, name, opts);
    });

  prog
    .command("tokens create")
    .describe("Mint an access token and print its secret once.")
    .option("--name", "Name of the token (required)")
    .option("--consumer", "Scope the token to one consumer (portal token; 7 d default, 30 d max)")
    .option("--ttl", "Lifetime such as 90d or 12h, or never (tenant-wide tokens only)")
    .option("--ui-url", "Base URL the printed portal link starts with (default SVC_PUBLIC_URL, else none)")
    .option("--json", "Print the token as JSON")
    .example('tokens create --name "ci deploys" --ttl 30d')
    .action(async (opts: Record<string, string>) => {
      const { tokensCreate } = await import("./tokens.ts");
      process.exitCode = await tokensCreate(process.env, opts);
    });

  prog
    .command("tokens list")
    .describe("List access tokens as a table.")
    .option("--consumer", "Only this consumer's tokens")
    .option("--all", "Include expired and revoked tokens")
    .option("--json", "Print JSON (same as -o json)")
    .option("-o, --output", "table, json or yaml")
    .example("tokens list --consumer acme --all")
    .action(async (opts: Record<string, string | boolean>) => {
      const { tokensList } = await import("./tokens.ts");
      process.exitCode = await tokensList(process.env, opts as never);
    });

  prog
    .command("tokens revoke <id>")
    .describe("Revoke a token (idempotent, irreversible).")
    .example("tokens revoke 0190f0c4-6d7e-7cc4-a5be-6d38b1a0c9f2")
    .action(async (id: string) => {
      const { tokensRevoke } = await import("./tokens.ts");
      process.exitCode = await tokensRevoke(process.env, id);
    });

  prog
    .command("login")
    .describe("Point the CLI at a svc and remember it (in $XDG_CONFIG_HOME/svc/config.json, mode 0600).")
    .option("--url", "Base URL of the svc (default: SVC_URL, or the `svc dev` running here)")
    .option("--api-key", "Credential to use (default: SVC_API_KEY)")
    .option("--consumer", "Consumer the developer commands use by default")
    .example("login --url https://svc.example.com --api-key $SVC_API_KEY")
    .action(async (opts: Record<string, unknown>) => {
      const { login } = await import("./developer.ts");
      process.exitCode = await login(opts);
    });

  prog
    .command("push <event>")
    .describe("Push an event over the API and print its id (warnings on stderr).")
    .option("-d, --data", "Payload: JSON, @file, or omitted to read standard input")
    .option("-l, --label", "A label key=value (repeatable)")
    .option("--idempotency-key", "Idempotency key of the push")
    .option("--consumer", "Consumer (default: SVC_CONSUMER, the login's, or default)")
    .option("--url", "svc to talk to (default: SVC_URL, the login's, or the `svc dev` running here)")
    .option("--api-key", "Credential (default: SVC_API_KEY or the login's)")
    .option("-o, --output", "table, json or yaml")
    .example(`push order.created -d '{"id": 42}' -l region=eu`)
    .action(async (event: string, opts: Record<string, unknown>) => {
      const { push } = await import("./developer.ts");
      process.exitCode = await push(event, opts);
    });

  prog
    .command("template test <file>")
    .describe(
      "Render a transform template with the server's dry run against an event type's sample payload (or --payload).",
    )
    .option("--event", "Event type whose sample payload is rendered (required)")
    .option("--payload", "Render against this payload (JSON or @file) instead of the event type's sample")
    .option("--strict", "Fail on a missing key (missingkey=error)")
    .option("--consumer", "Consumer (default: SVC_CONSUMER, the login's, or default)")
    .option("--url", "svc to talk to (default: SVC_URL, the login's, or the `svc dev` running here)")
    .option("--api-key", "Credential (default: SVC_API_KEY or the login's)")
    .option("-o, --output", "table, json or yaml")
    .example("template test slack.tmpl --event order.created")
    .example("template test slack.tmpl --event order.created --payload @order.json")
    .action(async (file: string, opts: Record<string, unknown>) => {
      const { templateTest } = await import("./developer.ts");
      process.exitCode = await templateTest(file, opts);
    });

  prog
    .command("tail [kind]")
    .describe("Show the consumer's recent deliveries (or events) and, with --follow, every change as it happens.")
    .option("--status", "Only these delivery statuses (comma-separated or repeated)")
    .option("--webhook", "Only this webhook's deliveries")
    .option("--since", "How far back, e.g. 10m, 2h (default 1h)")
    .option("-f, --follow", "Keep watching until Ctrl-C")
    .option("--interval", "How often to look while following (default 1s)")
    .option("--consumer", "Consumer (default: SVC_CONSUMER, the login's, or default)")
    .option("--url", "svc to talk to (default: SVC_URL, the login's, or the `svc dev` running here)")
    .option("--api-key", "Credential (default: SVC_API_KEY or the login's)")
    .option("-o, --output", "table, json (one object per line) or yaml")
    .example("tail deliveries --status failed,retrying --since 10m --follow")
    .action(async (kind: string | undefined, opts: Record<string, unknown>) => {
      const { tail } = await import("./tail.ts");
      process.exitCode = await tail(kind, opts);
    });

  prog
    .command("deliveries retry")
    .describe("Retry matching deliveries as a batch, with progress; Ctrl-C cancels the batch.")
    .option("--status", "Statuses to retry (default failed; comma-separated or repeated)")
    .option("--webhook", "Only this webhook's deliveries")
    .option("--since", "Only deliveries created this recently, e.g. 1d")
    .option("--consumer", "Consumer (default: SVC_CONSUMER, the login's, or default)")
    .option("--url", "svc to talk to (default: SVC_URL, the login's, or the `svc dev` running here)")
    .option("--api-key", "Credential (default: SVC_API_KEY or the login's)")
    .option("--interval", "How often progress is read (default 500ms)")
    .example("deliveries retry --status failed --since 1d")
    .action(async (opts: Record<string, unknown>) => {
      const { retryDeliveries } = await import("./batch.ts");
      process.exitCode = await retryDeliveries(opts);
    });

  prog
    .command("events repush")
    .describe("Push matching events again as a batch (new ids, current schema), with progress; Ctrl-C cancels.")
    .option("--event", "Only events of this type")
    .option("--since", "Only events created this recently, e.g. 2h")
    .option("--consumer", "Consumer (default: SVC_CONSUMER, the login's, or default)")
    .option("--url", "svc to talk to (default: SVC_URL, the login's, or the `svc dev` running here)")
    .option("--api-key", "Credential (default: SVC_API_KEY or the login's)")
    .option("--interval", "How often progress is read (default 500ms)")
    .example("events repush --event order.created --since 2h")
    .action(async (opts: Record<string, unknown>) => {
      const { repushEvents } = await import("./batch.ts");
      process.exitCode = await repushEvents(opts);
    });

  prog
    .command("listen")
    .describe(
      "Receive real deliveries on this machine: through a temporary webhook pointing here (direct) or " +
        "a listen session streaming them (session, for a svc that cannot reach this machine); signatures " +
        "are verified; Ctrl-C removes the webhook or session.",
    )
    .option("--events", "Event types to receive (comma-separated, required)")
    .option("--mode", "direct, session or auto (default: direct when the svc URL is on this machine, else session)")
    .option("--forward", "Forward each delivery, with its headers, to this local URL and answer with its status")
    .option("--port", "Local port to listen on in direct mode (default: any free port)")
    .option("--consumer", "Consumer (default: SVC_CONSUMER, the login's, or default)")
    .option("--url", "svc to talk to (default: SVC_URL, the login's, or the `svc dev` running here)")
    .option("--api-key", "Credential (default: SVC_API_KEY or the login's)")
    .option("-o, --output", "table, json (one object per line) or yaml")
    .example("listen --events order.created --forward http://localhost:3000/hooks")
    .example("listen --events order.created --mode session --url https://svc.example.com")
    .action(async (opts: Record<string, unknown>) => {
      const { listen } = await import("./listen.ts");
      process.exitCode = await listen(opts);
    });

  prog
    .command("completion <shell>")
    .describe("Print a completion script for bash, zsh or fish.")
    .example("completion bash > /etc/bash_completion.d/svc")
    .action(async (shell: string) => {
      const { completionScript } = await import("./completion.ts");
      // sade keeps its command table here: the completions list exactly what this build parses.
      const tree = (prog as unknown as { tree: Record<string, { options?: string[][] } | string> }).tree;
      const commands = Object.entries(tree)
        .filter(([name, spec]) => typeof spec !== "string" && !name.startsWith("__"))
        .map(([name, spec]) => ({
          name,
          options: ((spec as { options?: string[][] }).options ?? []).map((o) => o[0]!.split(/,\s*/).pop()!),
        }));
      const script = completionScript(shell, commands);
      if (!script) {
        process.stderr.write(`svc: completion for "${shell}" is not available: use bash, zsh or fish\n`);
        process.exitCode = EXIT.usage;
        return;
      }
      process.stdout.write(script);
    });

  // sade reports an unknown command, a missing argument or an unknown option and exits 1; for us those are usage
  // errors, which exit 2 (README). Its errors happen while parsing, before any command runs.
  const exit = process.exit;
  process.exit = ((code?: number) => exit(code === 1 ? EXIT.usage : code)) as typeof process.exit;
  prog.parse(argv, {
    string: [
      "name",
      "consumer",
      "ttl",
      "ui-url",
      "url",
      "api-key",
      "data",
      "label",
      "idempotency-key",
      "event",
      "output",
      "status",
      "webhook",
      "since",
      "interval",
      "events",
      "forward",
      "port",
      "mode",
      "payload",
    ],
    boolean: ["json", "all", "strict", "follow"],
    unknown: (flag: string) => `svc: unknown option ${flag}`,
  });
  process.exit = exit;
}
