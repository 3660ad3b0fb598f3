// Checks a webhook URL before it is saved: http(s) only, then the SSRF policy (by name and every resolved address).
import type { AppContext } from "../app/context.ts";
import { invalid } from "../errors.ts";

const MAX_URL_LENGTH = 2048;

/** The URL in normalised form (so equal URLs compare equal), or a 400 naming what is wrong. */
export function normaliseUrl(url: string): string {
  if (url.length > MAX_URL_LENGTH) throw invalid(`url must be at most ${MAX_URL_LENGTH} characters`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid("url is not a valid absolute URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw invalid("url must use http or https");
  parsed.hash = "";
  return parsed.toString();
}

export async function checkTarget(app: Pick<AppContext, "ssrf">, url: string): Promise<void> {
  const verdict = await app.ssrf.checkUrl(url);
  if (!verdict.ok) throw invalid(`url is not an allowed webhook target: ${verdict.reason}`);
}
