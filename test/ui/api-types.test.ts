// The UI's typed client is generated from the served OpenAPI document; this fails when the two drift apart.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { API_TYPES_FILE, generateApiTypes } from "../../ui/tools/openapi-types/index.ts";
import { startTestService } from "../helpers/service.ts";

test("ui/lib/api-types.ts is what openapi-typescript makes of /openapi.json (run `npm run ui:types` after API changes)", async (t) => {
  const svc = await startTestService(t);
  const served = await (await fetch(`${svc.url}/openapi.json`)).json();
  const expected = await generateApiTypes(served);
  const committed = await readFile(API_TYPES_FILE, "utf8");
  assert.ok(committed === expected, `${API_TYPES_FILE} is stale: run \`npm run ui:types\` and commit the result`);
});
