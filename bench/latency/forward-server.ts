// bench/latency's floor: the naive signed store-and-forward server, doing per event the work no webhook service
// can skip. A push is one INSERT committed before the answer (durable, as svc's); then its envelope is signed with
// HMAC-SHA256 and Ed25519 (libsodium, as svc signs) and sent to the receiver over a keep-alive pool; the answer's
// status is recorded by one UPDATE. No batching, no queue, no retries, no limits: what it costs and how fast it
// arrives is what a push→receiver figure is compared with. The probe (stalls, GC) is written to PROBE_OUT at exit.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";
import { Pool } from "undici";
import { loadSodium } from "../../lib/crypto/sodium.ts";
import "./probe.mjs";

const sodium = loadSodium();
if (!sodium) throw new Error("sodium-native does not load here: the floor would not sign as svc does");
const hmacKey = randomBytes(24);
const secretKey = Buffer.alloc(sodium.crypto_sign_SECRETKEYBYTES);
sodium.crypto_sign_seed_keypair(Buffer.alloc(sodium.crypto_sign_PUBLICKEYBYTES), secretKey, randomBytes(32));

const receiver = new URL(process.env.RECEIVER_URL!);
const forward = new Pool(receiver.origin, { connections: 32 });
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await db.query(
  "create table if not exists bench_forwards (id uuid primary key, event text, payload jsonb, " +
    "created_at timestamptz default now(), status int, delivered_at timestamptz)",
);

async function deliver(id: string, event: string, payload: string): Promise<void> {
  const timestamp = Math.floor(Date.now() / 1000);
  const body = `{"type":"${event}","timestamp":"${new Date().toISOString()}","data":${payload}}`;
  const content = Buffer.from(`${id}.${timestamp}.${body}`);
  const signature = Buffer.alloc(64);
  sodium!.crypto_sign_detached(signature, content, secretKey);
  const signatures = `v1,${createHmac("sha256", hmacKey).update(content).digest("base64")} v1a,${signature.toString("base64")}`;
  const answer = await forward.request({
    path: receiver.pathname,
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatures,
    },
    body,
  });
  await answer.body.dump();
  await db.query({
    name: "delivered",
    text: "update bench_forwards set status = $2, delivered_at = now() where id = $1",
    values: [id, answer.statusCode],
  });
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const push = JSON.parse(Buffer.concat(chunks).toString());
    const id = randomUUID();
    const payload = JSON.stringify(push.payload);
    db.query({
      name: "stored",
      text: "insert into bench_forwards (id, event, payload) values ($1, $2, $3)",
      values: [id, push.event, payload],
    }).then(
      () => {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ event_id: id }));
        deliver(id, push.event, payload).catch((err) => console.error("forward failed:", err));
      },
      () => res.writeHead(500).end(),
    );
  });
});
server.keepAliveTimeout = 60_000;
process.on("SIGTERM", () => process.exit(0));
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as { port: number }).port }));
