// `-o table|json|yaml` for every read command: one formatter, so they all agree.
import { stringify } from "yaml";
import { EXIT } from "./exit-codes.ts";
import { CliFailure } from "./remote.ts";

export type OutputFormat = "table" | "json" | "yaml";

export function outputFormat(flag: unknown): OutputFormat {
  if (flag === undefined || flag === "table" || flag === "json" || flag === "yaml")
    return (flag as OutputFormat | undefined) ?? "table";
  throw new CliFailure(`svc: -o takes table, json or yaml, not "${String(flag)}"`, EXIT.usage);
}

/** One record: the table form as given, JSON on one line (a stream of them is JSON lines), YAML as a document. */
export function formatRecord(format: OutputFormat, value: unknown, table: string): string {
  if (format === "json") return JSON.stringify(value) + "\n";
  if (format === "yaml") return "---\n" + stringify(value);
  return table + "\n";
}
