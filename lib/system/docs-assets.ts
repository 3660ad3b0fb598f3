// Self-hosted Swagger UI files for /docs (no CDN): dist/docs-assets in a build, swagger-ui-dist from source.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const DOCS_ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

function assetsDir(): string {
  const bundled = join(dirname(fileURLToPath(import.meta.url)), "docs-assets");
  if (existsSync(bundled)) return bundled;
  return dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

const cache = new Map<string, Promise<Buffer>>();

/** The asset's bytes, read once and kept; undefined for names that are not served. */
export function docsAsset(name: string): Promise<Buffer> | undefined {
  if (!(name in DOCS_ASSETS)) return undefined;
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = readFile(join(assetsDir(), name));
    cache.set(name, bytes);
  }
  return bytes;
}

export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>svc API</title>
<link rel="icon" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

export const DOCS_INIT_JS = `window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", validatorUrl: null, deepLinking: true });\n`;
