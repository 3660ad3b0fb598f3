// An oversized body always gets its 413: the server keeps reading and discarding the rest (lingering close, RFC
// 9112 §9.6) instead of closing while the client is still sending, which clients see as EPIPE or ECONNRESET.
import assert from "node:assert/strict";
import http from "node:http";
import { test } from "node:test";
import { sharedService, TEST_API_KEY } from "../helpers/service.ts";

const LIMIT = 1024 * 1024;
const svc = sharedService({ env: { SVC_MAX_BODY_BYTES: String(LIMIT) } });

/** Sends `size` bytes in 64 KiB writes, as an ordinary Node client does; resolves with the status or the error code. */
function send(
  url: string,
  size: number,
  options: { chunked?: boolean; keepAlive?: boolean; apiKey?: string | null },
): Promise<string> {
  const { hostname, port } = new URL(url);
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  return new Promise((resolve) => {
    let settled = false;
    const done = (what: string) => {
      if (!settled) resolve(what);
      settled = true;
    };
    const req = http.request(
      {
        hostname,
        port,
        method: "POST",
        path: "/v1/consumers/limits/events?event=big",
        agent: options.keepAlive ? new http.Agent({ keepAlive: true }) : false,
        headers: {
          "content-type": "application/json",
          ...(options.apiKey === null ? {} : { "x-api-key": options.apiKey ?? TEST_API_KEY }),
          ...(options.chunked ? {} : { "content-length": size }),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => setTimeout(() => done(String(res.statusCode)), 20));
      },
    );
    req.on("error", (err: NodeJS.ErrnoException) => {
      settled = false; // an error while sending counts even after the status arrived
      done(err.code ?? err.message);
    });
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

test("every client sending more than SVC_MAX_BODY_BYTES reads the 413, with Content-Length or chunked, closing or keeping the connection", async () => {
  for (const options of [{}, { chunked: true }, { keepAlive: true }]) {
    const results = await Promise.all(Array.from({ length: 24 }, () => send(svc().url, 8 * LIMIT, options)));
    assert.deepEqual([...new Set(results)], ["413"], `${JSON.stringify(options)}: ${results.join(" ")}`);
  }
  assert.equal((await svc().request("/health", { apiKey: null })).status, 200, "the server is still serving");
});

test("an answer given before the body is read (401 without a credential) also reaches a client that is still sending", async () => {
  const results = await Promise.all(Array.from({ length: 24 }, () => send(svc().url, 4 * LIMIT, { apiKey: null })));
  assert.deepEqual([...new Set(results)], ["401"], results.join(" "));
});
