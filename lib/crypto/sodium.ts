// libsodium through sodium-native, where its native addon loads: Ed25519 signs in about half the time node:crypto
// takes (lib/deliveries/signing.ts). It is optional: the builds that load no native code (the single binary and
// dist/fetch.js) replace this module with one that answers null (build.mjs), and so does a platform without the addon;
// node:crypto then signs, with byte-identical signatures.
import { createRequire } from "node:module";

export type Sodium = typeof import("sodium-native");

export function loadSodium(): Sodium | null {
  try {
    return createRequire(import.meta.url)("sodium-native") as Sodium;
  } catch {
    return null;
  }
}
