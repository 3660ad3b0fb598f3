// Checks a subscription's transform template on save.
import { invalid } from "../errors.ts";

export const MAX_TEMPLATE_BYTES = 64 * 1024;

export function checkTransformTemplate(source: string, _strict: boolean): void {
  if (Buffer.byteLength(source, "utf8") > MAX_TEMPLATE_BYTES) throw invalid(`transform_template must be at most ${MAX_TEMPLATE_BYTES} bytes`);
}
