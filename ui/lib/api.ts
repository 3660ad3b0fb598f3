// The typed API client: openapi-fetch over types generated from our own OpenAPI document (api-types.ts).
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, paths } from "./api-types.ts";
import { prefix } from "./router.svelte.ts";

export type { components, paths };
export type Api = Client<paths>;

/** A problem+json body (REST errors) or the spec's 401 body. */
export interface Problem {
  title?: string;
  detail?: string;
  status?: number;
  code?: string;
  error?: string;
  reason?: string;
  message?: string;
}

/** The sentence to show for a failed call: the server's own reason, never a second copy of its rules. */
export function problemText(error: unknown, fallback = "The request failed."): string {
  if (!error) return fallback;
  if (typeof error === "string") return error;
  if (error instanceof Error) return error.message || fallback;
  const p = error as Problem;
  return p.detail ?? p.message ?? p.title ?? fallback;
}

export interface ApiOptions {
  /** Where requests go: same-origin /v1 paths under the UI's path prefix unless given. */
  baseUrl?: string;
  /** The credential sent as `Authorization: Bearer`, read on every request. */
  credential(): string | undefined;
  /** Called once per 401 answer (sign-in prompt, expired portal link, …). */
  onUnauthorized?(body: Problem): void;
  /** Rewrites a request URL (the portal maps /v1/consumers/{c}/x to /portal/api/x). */
  rewrite?(url: URL): URL;
}

export function createApi(options: ApiOptions): Api {
  const client = createClient<paths>({ baseUrl: options.baseUrl ?? prefix });
  const middleware: Middleware = {
    async onRequest({ request }) {
      const token = options.credential();
      let out = request;
      if (options.rewrite) {
        const url = options.rewrite(new URL(request.url));
        // Chromium fails `new Request(url, request)` at fetch time when the request has a body: copy it as bytes.
        if (url.href !== request.url)
          out = new Request(url, {
            method: request.method,
            headers: request.headers,
            body: request.body ? await request.arrayBuffer() : undefined,
            signal: request.signal,
          });
      }
      if (token) out.headers.set("authorization", `Bearer ${token}`);
      return out;
    },
    async onResponse({ response }) {
      if (response.status === 401 && options.onUnauthorized) {
        options.onUnauthorized(
          await response
            .clone()
            .json()
            .catch(() => ({})),
        );
      }
      return response;
    },
  };
  client.use(middleware);
  return client;
}

/** Unwraps an openapi-fetch result: the data, or a thrown Error carrying the problem's detail. */
export async function must<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok)
    throw new ApiError(
      problemText(error, `${response.status} ${response.statusText}`),
      response.status,
      error as Problem,
    );
  return data as T;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly problem?: Problem,
  ) {
    super(message);
  }
}
