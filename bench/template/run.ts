// Transform cost: renders/s of a typical template over a ~1 KB payload, next to JSON.stringify of the same
// envelope (the ceiling: what building the default body costs). Target: a transform costs at most 3× that.
//   node --import tsx bench/template/run.ts        (BENCH_ROUNDS, BENCH_MS to tune)
import { envelopeBody, envelopeData } from "../../lib/deliveries/envelope.ts";
import { cachedTemplate } from "../../lib/template/index.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_MS ?? 1000);

const payload = {
  id: "ord_01HZX3K9Q2",
  status: "paid",
  currency: "EUR",
  total: 129.95,
  customer: {
    id: "cus_4821",
    name: "Ada Lovelace",
    email: "ada@example.com",
    tier: "gold",
    address: { city: "London", country: "GB", postcode: "NW1 6XE" },
  },
  items: [
    { sku: "BK-101", name: "Analytical Engine Manual", quantity: 1, price: 49.95 },
    { sku: "BK-204", name: "Notes on the Bernoulli Numbers", quantity: 2, price: 25 },
    { sku: "GF-009", name: "Gift wrapping", quantity: 1, price: 5 },
    { sku: "SH-001", name: "Express shipping", quantity: 1, price: 25 },
  ],
  tags: ["first-order", "newsletter", "priority"],
  notes: "Please deliver between 9:00 and 17:00. Leave the parcel with the concierge if nobody answers the door.",
  created_at: "2026-11-23T09:15:27Z",
  metadata: {
    channel: "web",
    campaign: "winter-2026",
    referrer: "https://example.com/blog/engines",
    session: "s_9f8e7d6c5b4a",
    ab_bucket: "B",
    locale: "en-GB",
    device: "desktop",
    ip_country: "GB",
  },
  payment: {
    method: "card",
    brand: "visa",
    last4: "4242",
    captured: true,
    authorization: "auth_7GQ2MZ",
    risk_score: 12,
  },
};

// The kind of reshaping users write for chat and CRM integrations: fields, a loop, formatting, helpers, json.
const TEMPLATE =
  `{
  "text": {{json (printf "Order %s paid by %s" .payload.id .payload.customer.name)}},
  "event": {{json .event_name}},
  "delivery": {{json .delivery_id}},
  "total": "{{printf "%.2f" .payload.total}} {{.payload.currency}}",
  "customer": {"id": {{json .payload.customer.id}}, "email": {{json (lower .payload.customer.email)}}, ` +
  `"city": {{json (dig "address" "city" "" .payload.customer)}}},
  "lines": [{{range $i, $item := .payload.items}}{{if $i}},{{end}}{"sku": "{{$item.sku}}", ` +
  `"qty": {{toInt $item.quantity}}, "amount": {{mul $item.price $item.quantity}}}{{end}}],
  "tags": {{json .payload.tags}},
  "priority": {{if contains "priority" (join "," .payload.tags)}}true{{else}}false{{end}},
  "note": {{json (truncate 60 .payload.notes)}},
  "at": "{{.payload.created_at | formatTime "Mon, 02 Jan 2006 15:04 MST"}}"
}`;

const fields = {
  eventId: "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
  eventName: "order.paid",
  consumer: "acme",
  webhookId: "6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b",
  deliveryId: "c56a4180-65aa-42ec-a945-5fd21dec0538",
  timestamp: "2026-11-23T09:15:28.120Z",
  attempt: 1,
};
const payloadJson = JSON.stringify(payload);
const template = cachedTemplate(TEMPLATE, false);

function rate(fn: () => unknown): number {
  const deadline = performance.now() + ROUND_MS;
  let n = 0;
  let sink = 0;
  while (performance.now() < deadline) {
    for (let i = 0; i < 200; i++) sink += (fn() as string).length;
    n += 200;
  }
  if (sink === 0) throw new Error("nothing rendered");
  return (n / ROUND_MS) * 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

const parsed = JSON.parse(payloadJson);
// The comparison: both sides start from the parsed payload.
const envelope = () => JSON.stringify(envelopeData(fields, parsed));
const render = () => template.render(envelopeData(fields, parsed));
// What the worker really does per delivery: default body = text around the stored JSON; transform = parse + render.
const workerDefault = () => envelopeBody(fields, payloadJson);
const workerTransform = () => template.render(envelopeData(fields, JSON.parse(payloadJson)));
const sample = render();
JSON.parse(sample); // the benchmark template must produce valid JSON
console.log(`payload ${Buffer.byteLength(payloadJson)} bytes, template output ${Buffer.byteLength(sample)} bytes`);

// Interleaved rounds so drift on a shared machine hits all sides alike.
const runs: Record<string, number[]> = { envelope: [], render: [], workerDefault: [], workerTransform: [] };
const fns: Record<string, () => unknown> = { envelope, render, workerDefault, workerTransform };
for (let r = 0; r < ROUNDS; r++) for (const [name, fn] of Object.entries(fns)) runs[name]!.push(rate(fn));
const m = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, median(v)])) as Record<string, number>;
console.log(`JSON.stringify envelope (ceiling): ${fmt(m.envelope!)} /s   (median of ${ROUNDS})`);
console.log(`transform render:                  ${fmt(m.render!)} /s`);
console.log(`cost ratio: ${(m.envelope! / m.render!).toFixed(2)}× JSON.stringify of the envelope (target ≤ 3×)`);
console.log(
  `worker path — default body (text around stored JSON): ${fmt(m.workerDefault!)} /s; parse + render: ${fmt(m.workerTransform!)} /s`,
);
