// GET /docs and its self-hosted assets: interactive API docs that work offline and under the CSP.
import { raw } from "../../lib/http/route.ts";
import { Response, text } from "../../lib/http/respond.ts";
import { AppError } from "../../lib/errors.ts";
import { prefixLinks } from "../../lib/http/path-prefix.ts";
import { DOCS_ASSETS, DOCS_HTML, DOCS_INIT_JS, docsAsset } from "../../lib/system/docs-assets.ts";

const page = raw({
  method: "GET",
  path: "/docs",
  operationId: "docs",
  summary: "Interactive API documentation",
  tag: "System",
  access: "public",
  produces: "text/html",
  async handle(_request, { app }) {
    return text(prefixLinks(DOCS_HTML, app.config.publicUrl?.prefix ?? "", ["/docs/"]), "text/html; charset=utf-8");
  },
});

const init = raw({
  method: "GET",
  path: "/docs/init.js",
  operationId: "docsInit",
  summary: "Docs page start-up script",
  tag: "System",
  access: "public",
  produces: "text/javascript",
  async handle(_request, { app }) {
    const script = prefixLinks(DOCS_INIT_JS, app.config.publicUrl?.prefix ?? "", ["/openapi.json"]);
    return text(script, "text/javascript; charset=utf-8");
  },
});

const asset = raw({
  method: "GET",
  path: "/docs/assets/:name",
  operationId: "docsAsset",
  summary: "Docs page assets",
  tag: "System",
  access: "public",
  produces: "application/octet-stream",
  async handle(request) {
    const name = (request as Request & { params: { name: string } }).params.name;
    const bytes = await docsAsset(name);
    if (!bytes) throw new AppError("not_found", `no docs asset named ${name}`);
    return new Response(new Uint8Array(bytes), {
      headers: { "content-type": DOCS_ASSETS[name]!, "cache-control": "public, max-age=86400" },
    });
  },
});

export default [page, init, asset];
