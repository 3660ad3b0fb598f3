// The consumer the header switcher points at: the one in the URL when there is one, else the last one chosen.
import { match, route } from "../lib/router.svelte.ts";

const KEY = "svc.consumer";
export const picked = $state({ consumer: readStored() });

function readStored(): string {
  try {
    return localStorage.getItem(KEY) || "default";
  } catch {
    return "default";
  }
}

export function currentConsumer(): string {
  const inPath = match("/consumers/:consumer", route.path.split("/").slice(0, 3).join("/"));
  return inPath?.consumer ?? picked.consumer;
}

export function pickConsumer(consumer: string) {
  picked.consumer = consumer;
  try {
    localStorage.setItem(KEY, consumer);
  } catch {
    // Not kept across reloads then.
  }
}
