// Namespaces known to exist, remembered briefly so the hot push path does not look one up per event.
import type { Queryable } from "../db/pool.ts";
import { ensureConsumer, requireNamespace } from "./namespaces.ts";

const REMEMBER_MS = 30_000;

export class KnownNamespaces {
  readonly #seen = new Map<string, number>();

  #fresh(name: string): boolean {
    const at = this.#seen.get(name);
    return at !== undefined && Date.now() - at < REMEMBER_MS;
  }

  #remember(name: string): void {
    if (this.#seen.size > 10_000) this.#seen.clear();
    this.#seen.set(name, Date.now());
  }

  /** RPC: NOT_FOUND unless the namespace exists. */
  async require(db: Queryable, name: string): Promise<void> {
    if (this.#fresh(name)) return;
    await requireNamespace(db, name);
    this.#remember(name);
  }

  /** REST: creates the consumer on its first write. */
  async ensure(db: Queryable, name: string): Promise<void> {
    if (this.#fresh(name)) return;
    await ensureConsumer(db, name);
    this.#remember(name);
  }

  forget(name: string): void {
    this.#seen.delete(name);
  }
}
