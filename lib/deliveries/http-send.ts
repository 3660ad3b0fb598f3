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

/** Reads the body up to `maxBytes` (events, not an async iterator: one fewer promise per chunk). */
function readCapped(body: Dispatcher.ResponseData["body"], maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    // The error listener stays: destroying a body cut short emits an abort error, which must not go uncaught.
    const done = () => {
      body.off("data", onData);
      resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks, kept).toString("utf8"));
    };
    const onData = (buf: Buffer) => {
      if (kept + buf.length >= maxBytes) {
        chunks.push(buf.subarray(0, maxBytes - kept));
        kept = maxBytes;
        // Enough kept: drop the rest of a large body rather than read it all.
        body.destroy();
        done();
        return;
      }
      chunks.push(buf);
      kept += buf.length;
    };
    body.on("data", onData).once("end", done).once("error", reject);
  });
}

/**
 * What undici needs of an abort signal, without an AbortController per request (their EventTarget machinery was
 * a visible share of the send path's profile): the attempt's deadline and the worker's stop abort it.
 */
class AttemptSignal {
  aborted = false;
  reason: unknown = undefined;
  #listener: (() => void) | undefined;
  addEventListener(_type: "abort", listener: () => void): void {
    this.#listener = listener;
  }
  removeEventListener(): void {
    this.#listener = undefined;
  }
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.();
  }
}

const MAX_PARSED_URLS = 10_000;

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

/**
 * Sends attempts' requests. Owns what outlives one request: a worker's stop signal gets one listener for every
 * in-flight attempt instead of one per request, and webhook URLs are parsed once rather than three times per request.
 */
export class HttpSender {
  private readonly attemptsOf = new WeakMap<AbortSignal, Set<AttemptSignal>>();
  private readonly parsedUrls = new Map<string, { origin: string; path: string }>();

  async send(req: OutboundRequest): Promise<SendResult> {
    const signal = new AttemptSignal();
    const cancelDeadline = startDeadline(req.timeoutMs, () => signal.abort(new DeadlineError(req.timeoutMs)));
    const unwatchStop = req.signal ? this.watchStop(req.signal, signal) : undefined;
    const started = performance.now();
    let url = req.url;
    let method = req.method;
    let body: string | undefined = req.body;
    let redirects = 0;
    try {
      for (;;) {
        const { origin, path } = this.parseTarget(url);
        const res = await req.dispatcher.request({
          origin,
          path,
          method: method as Dispatcher.HttpMethod,
          headers: body === undefined ? omitContentType(req.headers) : req.headers,
          body,
          signal,
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
        return {
          status: res.statusCode,
          retryAfter: typeof retryAfter === "string" ? retryAfter : null,
          body: text,
          responseTimeMs: Math.round(performance.now() - started),
          redirects,
        };
      }
    } catch (err) {
      const error = signal.aborted && signal.reason instanceof DeadlineError ? signal.reason : err;
      return {
        status: 0,
        retryAfter: null,
        body: "",
        responseTimeMs: Math.round(performance.now() - started),
        error,
        redirects,
      };
    } finally {
      cancelDeadline();
      unwatchStop?.();
    }
  }

  private watchStop(stop: AbortSignal, attempt: AttemptSignal): () => void {
    if (stop.aborted) {
      attempt.abort(stop.reason);
      return () => {};
    }
    let attempts = this.attemptsOf.get(stop);
    if (!attempts) {
      const set = (attempts = new Set());
      this.attemptsOf.set(stop, set);
      stop.addEventListener(
        "abort",
        () => {
          for (const a of set) a.abort(stop.reason);
          set.clear();
        },
        { once: true },
      );
    }
    attempts.add(attempt);
    return () => attempts.delete(attempt);
  }

  private parseTarget(url: string): { origin: string; path: string } {
    let parsed = this.parsedUrls.get(url);
    if (!parsed) {
      const u = new URL(url);
      parsed = { origin: u.origin, path: u.pathname + u.search };
      if (this.parsedUrls.size >= MAX_PARSED_URLS) this.parsedUrls.clear();
      this.parsedUrls.set(url, parsed);
    }
    return parsed;
  }
}

function omitContentType(headers: Record<string, string>): Record<string, string> {
  const { "content-type": _drop, ...rest } = headers;
  return rest;
}
