// A Connect JSON call to a server started as its own process (known only by its URL), with the test API key.
import { TEST_API_KEY } from "./service.ts";

export async function rpc(url: string, method: string, body: unknown) {
  const res = await fetch(`${url}/webhook.${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
