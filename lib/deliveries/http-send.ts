// Sends one attempt with undici: one deadline over connect, headers, body and every redirect hop; redirects are
// followed by hand so each target is checked again; the response body is kept only up to a cap.
import type { Dispatcher } from "undici";

export interface OutboundRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  followRedirects: boolean;
  maxResponseBytes: number;
  dispatcher: Dispatcher;
  /** Aborts the attempt from outside (shutdown). */
  signal?: AbortSignal;
  /** Re-validates a redirect target before it is requested; throws to refuse it. */
  checkRedirect(url: string): Promise<void>;
}

export interface SendResult {
  /** 0 when no response arrived. */
  status: number;
  retryAfter: string | null;
  body: string;
  /** From the start of the attempt to the end of the kept body (or to the failure). */
  responseTimeMs: number;
  error?: unknown;
  redirects: number;
}

export const MAX_REDIRECTS = 10;
const REDIRECT_CODES = new Set([301, 302, 303, 307, 308]);

class DeadlineError extends Error {
  readonly code = "ERR_DELIVERY_DEADLINE";
  constructor(ms: number) {
    super(`no complete response within ${ms} ms`);
    this.name = "DeadlineError";
  }
}

class RedirectError extends Error {
  readonly code = "ERR_REDIRECT_REFUSED";
}

async function readCapped(body: Dispatcher.ResponseData["body"], maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    if (kept + buf.length >= maxBytes) {
      chunks.push(buf.subarray(0, maxBytes - kept));
      kept = maxBytes;
      // Enough kept: drop the rest of a large body rather than read it all.
      body.destroy();
      break;
    }
    chunks.push(buf);
    kept += buf.length;
  }
  return Buffer.concat(chunks, kept).toString("utf8");
}

/** A timer that fires this much later than asked means our own event loop was stalled, not the endpoint slow. */
const STALL_MS = 25;
/** The most stalled time given back to one attempt (it must end well within its lease). */
const MAX_STALL_CREDIT_MS = 5_000;

/**
 * The attempt deadline, counted in the endpoint's time: when the timer fires, I/O that arrived while our loop was
 * busy is read first (the check runs after the poll phase), and time the loop spent stalled past the deadline is
 * given back, up to a bound — CPU pressure on our side is never charged to the receiver as a timeout.
 */
function startDeadline(ms: number, expire: () => void): () => void {
  let credit = Math.min(ms, MAX_STALL_CREDIT_MS);
  let due = performance.now() + ms;
  let timer: NodeJS.Timeout | undefined;
  let check: NodeJS.Immediate | undefined;
  const fire = () => {
    const late = performance.now() - due;
    check = setImmediate(() => {
      if (late > STALL_MS && credit > 0) {
        const extra = Math.min(late, credit);
        credit -= extra;
        due = performance.now() + extra;
        timer = setTimeout(fire, extra);
      } else expire();
    });
  };
  timer = setTimeout(fire, ms);
  return () => {
    clearTimeout(timer);
    if (check) clearImmediate(check);
  };
}

export async function send(req: OutboundRequest): Promise<SendResult> {
  const controller = new AbortController();
  const cancelDeadline = startDeadline(req.timeoutMs, () => controller.abort(new DeadlineError(req.timeoutMs)));
  const onStop = () => controller.abort(req.signal?.reason);
  req.signal?.addEventListener("abort", onStop, { once: true });
  const started = performance.now();
  let url = req.url;
  let method = req.method;
  let body: string | undefined = req.body;
  let redirects = 0;
  try {
    for (;;) {
      const res = await req.dispatcher.request({
        origin: new URL(url).origin,
        path: new URL(url).pathname + new URL(url).search,
        method: method as Dispatcher.HttpMethod,
        headers: body === undefined ? omitContentType(req.headers) : req.headers,
        body,
        signal: controller.signal,
        // Our deadline covers the whole attempt; undici's own timers would not forgive a stalled loop.
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      const location = res.headers.location;
      if (req.followRedirects && REDIRECT_CODES.has(res.statusCode) && typeof location === "string") {
        await res.body.dump().catch(() => {});
        if (++redirects > MAX_REDIRECTS) throw new RedirectError(`more than ${MAX_REDIRECTS} redirects`);
        const next = new URL(location, url).toString();
        await req.checkRedirect(next).catch((err: Error) => {
          throw new RedirectError(`redirect target refused: ${err.message}`);
        });
        url = next;
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      const text = await readCapped(res.body, req.maxResponseBytes);
      const retryAfter = res.headers["retry-after"];
      return { status: res.statusCode, retryAfter: typeof retryAfter === "string" ? retryAfter : null, body: text, responseTimeMs: Math.round(performance.now() - started), redirects };
    }
  } catch (err) {
    const error = controller.signal.aborted && controller.signal.reason instanceof DeadlineError ? controller.signal.reason : err;
    return { status: 0, retryAfter: null, body: "", responseTimeMs: Math.round(performance.now() - started), error, redirects };
  } finally {
    cancelDeadline();
    req.signal?.removeEventListener("abort", onStop);
  }
}

function omitContentType(headers: Record<string, string>): Record<string, string> {
  const { "content-type": _drop, ...rest } = headers;
  return rest;
}
