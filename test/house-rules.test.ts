// House rules for the source text itself, checked over every tracked or new (not ignored) source file.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";

const MAX_LINE = 160;
const SOURCE = /\.(ts|mts|cts|js|mjs|cjs|svelte|css)$/;
// Generated, and regenerated rather than edited.
const GENERATED = ["lib/http/rpc/gen/", "ui/lib/api-types.ts", "test/rpc/spec-client/spec_pagination_pb.ts"];

/** Tracked and untracked-but-not-ignored source files, as paths from the repository root. */
function sourceFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split("\0"))]
    .filter((f) => SOURCE.test(f) && !GENERATED.some((g) => f.startsWith(g)))
    .filter((f) => existsSync(f)) // tracked but deleted in the working tree
    .sort();
}

test(
  "no source line is longer than 160 characters " +
    "(the formatter wraps code at 120; strings and comments it cannot break)",
  () => {
    const long = sourceFiles().flatMap((f) =>
      readFileSync(f, "utf8")
        .split(/\r?\n/)
        .flatMap((line, i) => {
          const length = [...line].length;
          return length > MAX_LINE ? [`${f}:${i + 1} (${length})`] : [];
        }),
    );
    assert.deepEqual(long, [], `lines longer than ${MAX_LINE} characters:\n${long.join("\n")}`);
  },
);
