// Runs the server as a process: config errors become one line each and a non-zero exit; signals stop it gracefully.
import { ConfigError, loadConfig, type Config } from "../config.ts";
import { createLogger } from "../log.ts";
import { startServer, type RunningServer, type StartOptions } from "./start.ts";

/** Exit status for a configuration that svc refuses to start with (sysexits EX_CONFIG). */
export const EXIT_CONFIG = 78;

/** Parses the environment or prints why not (one line per problem) and exits. */
export function configOrExit(env: Record<string, string | undefined>): Config {
  try {
    const { config, warnings } = loadConfig(env);
    const log = createLogger(config.logLevel);
    for (const warning of warnings) log.warn(warning);
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const problem of err.problems) process.stderr.write(`svc: configuration error: ${problem}\n`);
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }
}

/** Starts the server and stops it on SIGTERM/SIGINT; `onStopped` runs after the graceful stop (e.g. embedded database). */
export async function runServer(
  config: Config,
  options: StartOptions & { onStopped?: () => Promise<void> },
): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  let running: RunningServer;
  try {
    running = await startServer(config, { ...options, log });
  } catch (err) {
    log.error("svc could not start", { error: err });
    await options.onStopped?.();
    process.exit(1);
  }
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      log.warn("second signal: exiting now", { signal });
      process.exit(1);
    }
    signalled = true;
    log.info("signal received", { signal });
    running
      .stop()
      .then(() => options.onStopped?.())
      .then(
        () => process.exit(0),
        (err) => {
          log.error("shutdown failed", { error: err });
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  return running;
}
