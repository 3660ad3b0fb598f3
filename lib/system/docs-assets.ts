// Self-hosted Swagger UI files for /docs (no CDN), carried inside the build (lib/embedded.ts).
import { embeddedFile } from "../embedded.ts";

export const DOCS_ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

/** The asset's bytes; undefined for names that are not served. */
export function docsAsset(name: string): Uint8Array | undefined {
  return Object.hasOwn(DOCS_ASSETS, name) ? embeddedFile("docs", name) : undefined;
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
