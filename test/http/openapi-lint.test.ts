// The served OpenAPI document passes Redocly's recommended ruleset (the linter API behind `redocly lint`).
import assert from "node:assert/strict";
import { test } from "node:test";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { sharedService } from "../helpers/service.ts";

const svc = sharedService();

test("the served OpenAPI document is clean under Redocly's recommended rules", async () => {
  const res = await svc().request("/openapi.json");
  assert.equal(res.status, 200);
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({ source: JSON.stringify(res.body), absoluteRef: "openapi.json", config });
  assert.deepEqual(
    problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
    [],
  );
});

test("the docs page shows the RPC path placeholders as text", async () => {
  const res = await svc().request("/openapi.json");
  assert.match(
    res.body.info.description,
    /`POST \/webhook\.<Service>\/<Method>`/,
    "a Markdown code span, which renderers never read as HTML",
  );
});
