// What a push needs to know about its event type, cached in process: a push must not cost a registry query.
// Changes made through this instance apply at once; changes made elsewhere within CACHE_MS.
import type { Db } from "../db/pool.ts";

export interface EventTypeInfo {
  name: string;
  active: boolean;
  version: number;
  schema: object | null;
}

const CACHE_MS = 5_000;

export class EventTypeCache {
  readonly #entries = new Map<string, { info: EventTypeInfo | null; at: number }>();
  /** One query per name at a time: when an entry expires under load, the concurrent pushes share its reload. */
  readonly #loading = new Map<string, Promise<EventTypeInfo | null>>();
  constructor(private readonly db: Db) {}

  async get(name: string): Promise<EventTypeInfo | null> {
    const hit = this.#entries.get(name);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.info;
    let loading = this.#loading.get(name);
    if (!loading) {
      const load: Promise<EventTypeInfo | null> = this.#load(name)
        .then((info) => {
          // Cached only if no invalidation came while it was read.
          if (this.#loading.get(name) === load) {
            if (this.#entries.size > 10_000) this.#entries.clear();
            this.#entries.set(name, { info, at: Date.now() });
          }
          return info;
        })
        .finally(() => {
          if (this.#loading.get(name) === load) this.#loading.delete(name);
        });
      this.#loading.set(name, (loading = load));
    }
    return loading;
  }

  async #load(name: string): Promise<EventTypeInfo | null> {
    const { rows } = await this.db.query({
      name: "eventTypes.info",
      text: `select t.name, t.active, t.current_version as version, v.schema
               from event_types t join event_type_versions v on v.event_name = t.name and v.version = t.current_version
              where t.name = $1`,
      values: [name],
    });
    return rows[0]
      ? { name: rows[0].name, active: rows[0].active, version: rows[0].version, schema: rows[0].schema ?? null }
      : null;
  }

  invalidate(name?: string): void {
    // A reload already running may have read the old row: the next get starts a fresh one.
    if (name === undefined) {
      this.#entries.clear();
      this.#loading.clear();
    } else {
      this.#entries.delete(name);
      this.#loading.delete(name);
    }
  }
}
