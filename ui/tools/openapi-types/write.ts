// `npm run ui:types`: regenerates ui/lib/api-types.ts from the route table.
import { writeFile } from "node:fs/promises";
import { API_TYPES_FILE, generateApiTypes } from "./index.ts";

await writeFile(API_TYPES_FILE, await generateApiTypes());
console.log(`wrote ${API_TYPES_FILE}`);
