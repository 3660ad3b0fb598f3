// Ceiling for pushes: bare node:http doing one INSERT per request into a table shaped like events.
import { createServer } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await pool.query(
  "create table if not exists bench_inserts (id uuid primary key default gen_random_uuid(), namespace " +
    "text, payload jsonb, created_at timestamptz default now())",
);
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString());
    pool
      .query({
        name: "ins",
        text: "insert into bench_inserts (namespace, payload) values ($1, $2) returning id",
        values: [body.namespace, JSON.stringify(body.payload)],
      })
      .then(
        (r) =>
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ event_id: r.rows[0].id })),
        () => res.writeHead(500).end(),
      );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as { port: number }).port }));
