// The development keyring in ./.svc/dev-keyring: created once (mode 0600), read on every `svc dev` start.
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";

export interface DevKeyring {
  SVC_ENCRYPTION_KEYS: string;
  SVC_ENCRYPTION_PRIMARY_KEY_ID: string;
}

export async function loadOrCreateDevKeyring(file: string): Promise<{ keyring: DevKeyring; created: boolean }> {
  try {
    const text = await readFile(file, "utf8");
    const values = Object.fromEntries(
      text
        .split("\n")
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1).trim()]),
    );
    if (!values.SVC_ENCRYPTION_KEYS || !values.SVC_ENCRYPTION_PRIMARY_KEY_ID)
      throw new Error(`${file} is missing SVC_ENCRYPTION_KEYS or SVC_ENCRYPTION_PRIMARY_KEY_ID`);
    return { keyring: values as unknown as DevKeyring, created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const id = "dev1";
  const keyring = {
    SVC_ENCRYPTION_KEYS: `${id}=${randomBytes(32).toString("hex")}`,
    SVC_ENCRYPTION_PRIMARY_KEY_ID: id,
  };
  const text = [
    "# svc development keyring. Not for production: losing this file makes stored secrets unreadable.",
    `SVC_ENCRYPTION_KEYS=${keyring.SVC_ENCRYPTION_KEYS}`,
    `SVC_ENCRYPTION_PRIMARY_KEY_ID=${keyring.SVC_ENCRYPTION_PRIMARY_KEY_ID}`,
    "",
  ].join("\n");
  await writeFile(file, text, { mode: 0o600, flag: "wx" });
  return { keyring, created: true };
}
