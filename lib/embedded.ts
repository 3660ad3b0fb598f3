// The files svc carries with it: the built dashboard and portal, Swagger UI's assets and the SQL migrations. Every
// build replaces this module with one that holds the files themselves (build.mjs), so a bundle or the binary finds
// nothing on disk at run time. This version is what runs from source (tests, tools): it reads the last build's UI,
// the installed swagger-ui-dist and the migrations folder.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export type EmbeddedGroup = "ui" | "docs";

export interface Migration {
  /** The file's name, `00001_what.sql`: five digits, numbered without gaps. */
  file: string;
  sql: string;
}

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function folderOf(group: EmbeddedGroup): string {
  if (group === "ui") return join(root, "dist", "ui");
  return dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

/**
 * The bytes of one file of a group, or undefined when there is none by that name. `name` is a plain relative path
 * (`admin.html`, `_app/admin-4RVJCYNY.js`); callers check it before asking.
 */
export function embeddedFile(group: EmbeddedGroup, name: string): Uint8Array | undefined {
  try {
    return readFileSync(join(folderOf(group), name));
  } catch {
    return undefined;
  }
}

/** Every migration, in order. */
export function embeddedMigrations(): Migration[] {
  const dir = join(root, "migrations");
  return readdirSync(dir)
    .filter((file) => /^\d{5}_.*\.sql$/.test(file))
    .sort()
    .map((file) => ({ file, sql: readFileSync(join(dir, file), "utf8") }));
}
