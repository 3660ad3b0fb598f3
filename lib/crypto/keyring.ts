// Envelope encryption for secrets at rest: a fresh AES-256-GCM data key per value, wrapped by a keyring key.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Ciphertext layout (version 0x02):
 *   0x02 | key-id length (1 byte) | key id (utf-8)
 *   | wrap iv (12) | wrapped data key (32) | wrap tag (16)
 *   | data iv (12) | ciphertext | data tag (16)
 * The header (version + key id) is authenticated as AAD of both layers, so a key id cannot be swapped;
 * an optional caller context (e.g. "webhook-secret:<id>") is bound too, so a value cannot be moved
 * to another row or column and still decrypt.
 */
const VERSION = 0x02;
const IV = 12;
const TAG = 16;
const DEK = 32;

export type DecryptFailure = "bad_format" | "unknown_key_id" | "tampered_or_wrong_key";

export class DecryptError extends Error {
  constructor(
    readonly reason: DecryptFailure,
    message: string,
  ) {
    super(message);
    this.name = "DecryptError";
  }
}

export class Keyring {
  readonly #keys: Map<string, Buffer>;
  readonly primaryKeyId: string;

  constructor(keys: Map<string, Buffer>, primaryKeyId: string) {
    for (const [id, key] of keys) {
      if (key.length !== 32) throw new Error(`keyring key "${id}" must be 32 bytes`);
      if (Buffer.byteLength(id) > 255) throw new Error(`keyring key id "${id}" is too long`);
    }
    if (!keys.has(primaryKeyId)) throw new Error(`primary key id "${primaryKeyId}" is not in the keyring`);
    this.#keys = new Map(keys);
    this.primaryKeyId = primaryKeyId;
  }

  encrypt(plaintext: Buffer | string, context = ""): Buffer {
    const kek = this.#keys.get(this.primaryKeyId)!;
    const id = Buffer.from(this.primaryKeyId, "utf8");
    const header = Buffer.concat([Buffer.from([VERSION, id.length]), id]);
    const aad = Buffer.concat([header, Buffer.from(context, "utf8")]);

    const dek = randomBytes(DEK);
    const wrapIv = randomBytes(IV);
    const wrap = createCipheriv("aes-256-gcm", kek, wrapIv).setAAD(aad);
    const wrapped = Buffer.concat([wrap.update(dek), wrap.final()]);
    const wrapTag = wrap.getAuthTag();

    const dataIv = randomBytes(IV);
    const data = createCipheriv("aes-256-gcm", dek, dataIv).setAAD(aad);
    const body = Buffer.concat([
      data.update(typeof plaintext === "string" ? Buffer.from(plaintext, "utf8") : plaintext),
      data.final(),
    ]);
    const dataTag = data.getAuthTag();
    dek.fill(0);
    return Buffer.concat([header, wrapIv, wrapped, wrapTag, dataIv, body, dataTag]);
  }

  decrypt(ciphertext: Buffer, context = ""): Buffer {
    if (ciphertext.length < 2 || ciphertext[0] !== VERSION) {
      throw new DecryptError("bad_format", "ciphertext is not in envelope format 0x02");
    }
    const idEnd = 2 + ciphertext[1]!;
    const minLength = idEnd + IV + DEK + TAG + IV + TAG;
    if (ciphertext.length < minLength) throw new DecryptError("bad_format", "ciphertext is truncated");
    const keyId = ciphertext.subarray(2, idEnd).toString("utf8");
    const kek = this.#keys.get(keyId);
    if (!kek)
      throw new DecryptError("unknown_key_id", `ciphertext names key id "${keyId}", which is not in the keyring`);

    const aad = Buffer.concat([ciphertext.subarray(0, idEnd), Buffer.from(context, "utf8")]);
    let at = idEnd;
    const take = (n: number) => ciphertext.subarray(at, (at += n));
    const wrapIv = take(IV);
    const wrapped = take(DEK);
    const wrapTag = take(TAG);
    const dataIv = take(IV);
    const body = ciphertext.subarray(at, ciphertext.length - TAG);
    const dataTag = ciphertext.subarray(ciphertext.length - TAG);
    try {
      const unwrap = createDecipheriv("aes-256-gcm", kek, wrapIv).setAAD(aad).setAuthTag(wrapTag);
      const dek = Buffer.concat([unwrap.update(wrapped), unwrap.final()]);
      const data = createDecipheriv("aes-256-gcm", dek, dataIv).setAAD(aad).setAuthTag(dataTag);
      const plain = Buffer.concat([data.update(body), data.final()]);
      dek.fill(0);
      return plain;
    } catch {
      throw new DecryptError("tampered_or_wrong_key", `ciphertext failed authentication under key "${keyId}"`);
    }
  }

  decryptString(ciphertext: Buffer, context = ""): string {
    return this.decrypt(ciphertext, context).toString("utf8");
  }

  /** Key id a ciphertext was written with; used to find values still under a retired key. */
  static keyIdOf(ciphertext: Buffer): string | undefined {
    if (ciphertext.length < 2 || ciphertext[0] !== VERSION) return undefined;
    return ciphertext.subarray(2, 2 + ciphertext[1]!).toString("utf8");
  }
}
