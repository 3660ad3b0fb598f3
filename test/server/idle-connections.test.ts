// A connection that never sends a byte belongs to neither HTTP/1.1 nor HTTP/2 yet (the port serves both): stopping
// must close it instead of waiting for it until the shutdown deadline.
import assert from "node:assert/strict";
import { connect } from "node:net";
import { test } from "node:test";
import { startTestService } from "../helpers/service.ts";

test("stop closes a connection that has sent nothing and does not wait for it", async (t) => {
  const svc = await startTestService(t);
  const { port } = new URL(svc.url);
  const socket = connect(Number(port), "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});

  const started = Date.now();
  await svc.stop();
  await closed;
  // The shutdown budget is 25 s; a stop held by the idle connection would take all of it.
  assert.ok(Date.now() - started < 10_000, `stop took ${Date.now() - started} ms`);
});
