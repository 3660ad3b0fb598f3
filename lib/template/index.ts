// Go text/template for delivery transforms: compile once (cached by source), render a JSON envelope under
// bounds, list the functions templates may call.
import { BUILTINS } from "./builtins.ts";
import { DEFAULT_LIMITS, execute, type ExecConfig, type GoFunc, type Limits } from "./exec.ts";
import { CATALOG } from "./funcs/catalog.ts";
import { parseTemplate, type ParsedTemplates } from "./parse.ts";
import { fromJSON } from "./values.ts";

export { DEFAULT_LIMITS, TemplateExecError, TemplateLimitError, type Limits } from "./exec.ts";
export { MAX_NESTING, TemplateParseError } from "./parse.ts";

const FUNCS = new Map<string, GoFunc>([...Object.entries(BUILTINS), ...Object.entries(CATALOG)]);

export interface CompileOptions {
  /** The template's name in error messages (Go's template.New(name)). */
  name?: string;
  /** Go's missingkey=error: a missing map key fails the render instead of printing `<no value>`. */
  strictMissingKeys?: boolean;
}

export class CompiledTemplate {
  private readonly defaults: ExecConfig;

  constructor(
    private readonly parsed: ParsedTemplates,
    readonly strictMissingKeys: boolean,
  ) {
    this.defaults = { strict: strictMissingKeys, limits: DEFAULT_LIMITS, funcs: FUNCS };
  }

  /** Renders plain JSON data (numbers are float64, as Go's encoding/json decodes them into interface{}). */
  render(data: unknown, limits?: Partial<Limits>): string {
    const config = limits ? { ...this.defaults, limits: { ...DEFAULT_LIMITS, ...limits } } : this.defaults;
    return execute(this.parsed, fromJSON(data), config);
  }
}

/** Parses a template; a syntax error throws TemplateParseError with the line and column. */
export function compileTemplate(source: string, options: CompileOptions = {}): CompiledTemplate {
  const parsed = parseTemplate(options.name ?? "transform", source, (name) => FUNCS.has(name));
  return new CompiledTemplate(parsed, options.strictMissingKeys ?? false);
}

// Bounded by count and by source size: a parsed tree takes about 40 bytes of memory per byte of source, so 1,000
// templates of 64 KiB would hold gigabytes. 2 MiB of source keeps the worst case under ~100 MB.
const CACHE_ENTRIES = 1000;
const CACHE_SOURCE_BYTES = 2 * 1024 * 1024;
const cache = new Map<string, CompiledTemplate>();
let cachedBytes = 0;

/** compileTemplate behind a least-recently-used cache: workers render the same few templates over and over. */
export function cachedTemplate(source: string, strictMissingKeys: boolean): CompiledTemplate {
  const key = (strictMissingKeys ? "s:" : "d:") + source;
  let hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  hit = compileTemplate(source, { strictMissingKeys });
  cache.set(key, hit);
  cachedBytes += key.length;
  for (const [oldest] of cache) {
    if (cache.size <= CACHE_ENTRIES && cachedBytes <= CACHE_SOURCE_BYTES) break;
    if (oldest === key) break; // the newest entry stays even when it alone exceeds the budget
    cache.delete(oldest);
    cachedBytes -= oldest.length;
  }
  return hit;
}

/** How much the cache holds (for tests). */
export function templateCacheStats(): { entries: number; sourceBytes: number } {
  return { entries: cache.size, sourceBytes: cachedBytes };
}

export interface TemplateFunction {
  name: string;
  /** Usage, meaning and an example. */
  description: string;
  /** Whether Go's text/template has it built in (the rest are svc's helpers). */
  builtin: boolean;
}

/** Every function a template may call, builtins first, each group in name order. */
export function templateFunctions(): TemplateFunction[] {
  const list = (funcs: Record<string, { doc: string }>, builtin: boolean) =>
    Object.keys(funcs)
      .sort()
      .map((name) => ({ name, description: funcs[name]!.doc, builtin }));
  return [...list(BUILTINS, true), ...list(CATALOG, false)];
}
