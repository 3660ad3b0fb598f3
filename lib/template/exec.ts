// The executor (after text/template/exec.go): walks the tree over the data with Go's evaluation rules, error
// messages and the safety bounds templates from API users need (output size, steps, call depth).
import type {
  ArgNode,
  ChainNode,
  CommandNode,
  FieldNode,
  ListNode,
  Node,
  NumberNode,
  PipeNode,
  RangeNode,
  TemplateNode,
  VariableNode,
} from "./nodes.ts";
import { nodeString } from "./nodes.ts";
import { goQuote } from "./lex.ts";
import { columnOf, type ParsedTemplates } from "./parse.ts";
import { formatValue } from "./fmt.ts";
import { GoInt, MISSING, isMap, sortedKeys, truth, typeName, type GoValue } from "./values.ts";

export interface Limits {
  /** Largest output, in bytes of UTF-8. */
  maxOutputBytes: number;
  /** Evaluation steps (nodes, commands, range iterations, template calls) before giving up. */
  maxSteps: number;
  /** Nested {{template}} calls. */
  maxDepth: number;
  /** Wall-clock safety net behind the step budget (checked every few thousand steps). */
  maxMillis: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxOutputBytes: 1024 * 1024,
  maxSteps: 1_000_000,
  maxDepth: 100,
  maxMillis: 1_000,
};

export class TemplateExecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TemplateExecError";
  }
}

export class TemplateLimitError extends TemplateExecError {
  constructor(message: string) {
    super(message);
    this.name = "TemplateLimitError";
  }
}

/**
 * A parameter's Go type, as far as argument checking needs: interface{} ("any"), a string/bool/int, or reflect.Value
 * ("value": no value at all, a nil literal or a missing key, stays the invalid Value instead of becoming nil).
 */
export type Param = "any" | "string" | "bool" | "int" | "value";

export interface GoFunc {
  /** Fixed parameters; with `variadic`, the type of the remaining ones. */
  params: Param[];
  variadic?: Param;
  /** `boxed[i]` (only when `wantsBoxed`): argument i is an interface{} value fresh from a map, slice or range. */
  call(args: GoValue[], boxed: boolean[]): GoValue;
  /** The function reports some argument types as Go does, where interface{} values say "interface {}". */
  wantsBoxed?: boolean;
}

export class FuncError extends Error {}

const NO_ARGS: ArgNode[] = [];
const NO_FINAL: unique symbol = Symbol("no final");
type Final = GoValue | typeof NO_FINAL;

class Break {}
class Continue {}
const BREAK = new Break();
const CONTINUE = new Continue();

interface Variable {
  name: string;
  value: GoValue;
  boxed: boolean;
}

/** A receiver on a field chain: its value, and whether its static type is interface{} (a map or slice element). */
interface Recv {
  value: GoValue;
  boxed: boolean;
}

export interface ExecConfig {
  strict: boolean;
  limits: Limits;
  funcs: Map<string, GoFunc>;
}

export function execute(parsed: ParsedTemplates, data: GoValue, config: ExecConfig): string {
  try {
    return new State(parsed, config).run(data);
  } catch (e) {
    // Data nested thousands deep (printing, json) or deep templates calling themselves: a bound, not a crash.
    if (isStackOverflow(e))
      throw new TemplateLimitError(`template: ${parsed.name}: value or template calls nested too deeply`);
    throw e;
  }
}

const isStackOverflow = (e: unknown) => e instanceof RangeError && /call stack/i.test(e.message);

class State {
  private out = "";
  /** UTF-16 units written while far from the limit, exact UTF-8 bytes once near it. */
  private outBytes = 0;
  private exact = false;
  private vars: Variable[] = [];
  private node: Node | null = null;
  private tmplName: string;
  private depth = 0;
  private steps = 0;
  private readonly started = performance.now();

  constructor(
    private readonly parsed: ParsedTemplates,
    private readonly config: ExecConfig,
  ) {
    this.tmplName = parsed.name;
  }

  run(data: GoValue): string {
    const root = this.parsed.trees.get(this.parsed.name);
    const dot: Recv = { value: data === null ? MISSING : data, boxed: false };
    this.vars = [{ name: "$", value: dot.value, boxed: false }];
    if (!root) this.errorf(`${goQuote(this.parsed.name)} is an incomplete or empty template`);
    this.walk(dot, root!);
    return this.out;
  }

  // --- errors and bounds ----------------------------------------------------------------------------------

  private errorf(message: string, Err: typeof TemplateExecError = TemplateExecError): never {
    const name = this.tmplName;
    if (!this.node) throw new Err(`template: ${name}: ${message}`);
    const pos = this.node.pos;
    const source = this.parsed.source;
    const line = 1 + countNewlines(source, pos);
    const location = `${this.parsed.name}:${line}:${columnOf(source, pos)}`;
    throw new Err(`template: ${location}: executing ${goQuote(name)} at <${nodeString(this.node)}>: ${message}`);
  }

  private step(): void {
    if (++this.steps > this.config.limits.maxSteps) this.overBudget();
    // The clock is a safety net behind the step budget, read rarely.
    if ((this.steps & 4095) === 0 && performance.now() - this.started > this.config.limits.maxMillis) {
      this.errorf(`template execution took longer than ${this.config.limits.maxMillis} ms`, TemplateLimitError);
    }
  }

  /**
   * A function's work grows with what it produces (json of a big payload, split of a long text), so its result
   * costs steps too — one per 4 characters, list element or map key — or a loop of such calls could run for seconds.
   */
  private charge(result: GoValue): void {
    const size =
      typeof result === "string"
        ? result.length >> 2
        : Array.isArray(result)
          ? result.length
          : isMap(result)
            ? Object.keys(result).length
            : 0;
    if (size > 0 && (this.steps += size) > this.config.limits.maxSteps) this.overBudget();
  }

  private overBudget(): never {
    return this.errorf(`template execution exceeded ${this.config.limits.maxSteps} steps`, TemplateLimitError);
  }

  private write(s: string): void {
    // A UTF-16 unit is at most 3 UTF-8 bytes, so while 3 × units stays within the limit, units are counted; past
    // that, the output is measured once and every write after it exactly (never the whole output per write,
    // which would be quadratic).
    if (!this.exact && (this.outBytes + s.length) * 3 <= this.config.limits.maxOutputBytes) this.outBytes += s.length;
    else {
      if (!this.exact) {
        this.exact = true;
        this.outBytes = Buffer.byteLength(this.out, "utf8");
      }
      this.outBytes += Buffer.byteLength(s, "utf8");
    }
    if (this.outBytes > this.config.limits.maxOutputBytes) {
      this.errorf(`template output exceeds ${this.config.limits.maxOutputBytes} bytes`, TemplateLimitError);
    }
    this.out += s;
  }

  // --- variables ------------------------------------------------------------------------------------------

  private mark(): number {
    return this.vars.length;
  }

  private pop(mark: number): void {
    // Usually nothing to drop; assigning length always costs, popping only when needed.
    while (this.vars.length > mark) this.vars.pop();
  }

  private setVar(name: string, value: GoValue, boxed: boolean): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i]!;
      if (v.name === name) {
        // In place: a Variable belongs to one scope array only (template calls start a new array).
        v.value = value;
        v.boxed = boxed;
        return;
      }
    }
    this.errorf(`undefined variable: ${name}`);
  }

  private setTopVar(n: number, value: GoValue, boxed: boolean): void {
    const v = this.vars[this.vars.length - n]!;
    v.value = value;
    v.boxed = boxed;
  }

  private varValue(name: string): Variable {
    for (let i = this.vars.length - 1; i >= 0; i--) if (this.vars[i]!.name === name) return this.vars[i]!;
    return this.errorf(`undefined variable: ${name}`);
  }

  // --- walking --------------------------------------------------------------------------------------------

  private walk(dot: Recv, node: Node): void {
    this.step();
    this.node = node;
    switch (node.type) {
      case "action": {
        const val = this.evalPipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0) this.printValue(node, val);
        return;
      }
      case "break":
        throw BREAK;
      case "continue":
        throw CONTINUE;
      case "comment":
        return;
      case "if":
      case "with":
        return this.walkIfOrWith(node.type, dot, node.pipe, node.list, node.elseList);
      case "list":
        for (const n of node.nodes) this.walk(dot, n);
        return;
      case "range":
        return this.walkRange(dot, node);
      case "template":
        return this.walkTemplate(dot, node);
      case "text":
        this.write(node.text);
        return;
      default:
        this.errorf(`unknown node: ${nodeString(node)}`);
    }
  }

  private walkIfOrWith(
    kind: "if" | "with",
    dot: Recv,
    pipe: PipeNode,
    list: ListNode,
    elseList: ListNode | null,
  ): void {
    const mark = this.mark();
    try {
      const val = this.evalPipeline(dot, pipe);
      if (truth(val)) this.walk(kind === "with" ? { value: val, boxed: false } : dot, list);
      else if (elseList) this.walk(dot, elseList);
    } finally {
      this.pop(mark);
    }
  }

  private walkRange(dot: Recv, r: RangeNode): void {
    this.node = r;
    const outer = this.mark();
    try {
      const val = this.evalPipeline(dot, r.pipe);
      const mark = this.mark();
      const decl = r.pipe.decl;
      const one = (index: GoValue, elem: GoValue, elemBoxed: boolean) => {
        this.step();
        if (decl.length > 0) {
          if (r.pipe.isAssign) {
            if (decl.length > 1) this.setVar(decl[0]!.ident[0]!, index, false);
            else this.setVar(decl[0]!.ident[0]!, elem, elemBoxed);
          } else this.setTopVar(1, elem, elemBoxed);
        }
        if (decl.length > 1) {
          if (r.pipe.isAssign) this.setVar(decl[1]!.ident[0]!, elem, elemBoxed);
          else this.setTopVar(2, index, false);
        }
        try {
          this.walk({ value: elem, boxed: elemBoxed }, r.list);
        } catch (e) {
          if (e !== CONTINUE) throw e;
        } finally {
          this.pop(mark);
        }
      };
      let ran = false;
      try {
        if (Array.isArray(val)) {
          const indexed = decl.length > 1;
          for (let i = 0; i < val.length; i++) {
            ran = true;
            one(indexed ? new GoInt(i) : MISSING, val[i]!, true);
          }
        } else if (isMap(val)) {
          for (const key of sortedKeys(val)) {
            ran = true;
            one(key, val[key]!, true);
          }
        } else if (val instanceof GoInt) {
          if (decl.length > 1)
            this.errorf(`can't use ${formatValue(val, "v", NO_FLAGS)} to iterate over more than one variable`);
          for (let i = 0; i < val.n; i++) {
            ran = true;
            one(MISSING, new GoInt(i, val.type), false);
          }
        } else if (val !== MISSING && val !== null) {
          this.errorf(`range can't iterate over ${formatValue(val, "v", NO_FLAGS)}`);
        }
      } catch (e) {
        if (e !== BREAK) throw e;
        return;
      }
      if (!ran && r.elseList) this.walk(dot, r.elseList);
    } finally {
      this.pop(outer);
    }
  }

  private walkTemplate(dot: Recv, t: TemplateNode): void {
    this.node = t;
    const tree = this.parsed.trees.get(t.name);
    if (!tree) this.errorf(`template ${goQuote(t.name)} not defined`);
    if (this.depth >= this.config.limits.maxDepth)
      this.errorf(`exceeded maximum template depth (${this.config.limits.maxDepth})`, TemplateLimitError);
    const value = t.pipe ? this.evalPipeline(dot, t.pipe) : MISSING;
    const saved = { vars: this.vars, name: this.tmplName };
    this.vars = [{ name: "$", value, boxed: false }];
    this.tmplName = t.name;
    this.depth++;
    try {
      this.walk({ value, boxed: false }, tree!);
    } finally {
      this.depth--;
      this.vars = saved.vars;
      this.tmplName = saved.name;
    }
  }

  private printValue(node: Node, v: GoValue): void {
    this.node = node;
    this.write(typeof v === "string" ? v : v === MISSING || v === null ? "<no value>" : formatValue(v, "v", NO_FLAGS));
  }

  // --- evaluation -----------------------------------------------------------------------------------------

  private evalPipeline(dot: Recv, pipe: PipeNode): GoValue {
    this.node = pipe;
    let value: Final = NO_FINAL;
    for (const cmd of pipe.cmds) {
      value = this.evalCommand(dot, cmd, value);
      // The value of an interface{} is the thing inside: a nil one is no value at all.
      if (value === null) value = MISSING;
    }
    const result = value === NO_FINAL ? MISSING : value;
    for (const v of pipe.decl) {
      if (pipe.isAssign) this.setVar(v.ident[0]!, result, false);
      else this.vars.push({ name: v.ident[0]!, value: result, boxed: false });
    }
    return result;
  }

  private evalCommand(dot: Recv, cmd: CommandNode, final: Final): GoValue {
    this.step();
    const first = cmd.args[0]!;
    switch (first.type) {
      case "field":
        return this.evalFieldNode(dot, first, cmd.args, final);
      case "chain":
        return this.evalChainNode(dot, first, cmd.args, final);
      case "identifier":
        return this.evalFunction(dot, first.ident, first, cmd, cmd.args, final);
      case "pipe":
        this.notAFunction(cmd.args, final);
        return this.evalPipeline(dot, first);
      case "variable":
        return this.evalVariableNode(dot, first, cmd.args, final);
    }
    this.node = first;
    this.notAFunction(cmd.args, final);
    switch (first.type) {
      case "bool":
        return first.value;
      case "dot":
        return dot.value;
      case "nil":
        return this.errorf("nil is not a command");
      case "number":
        return this.idealConstant(first);
      case "string":
        return first.text;
    }
    return this.errorf(`can't evaluate command ${goQuote(nodeString(first))}`);
  }

  private notAFunction(args: ArgNode[], final: Final): void {
    if (args.length > 1 || final !== NO_FINAL)
      this.errorf(`can't give argument to non-function ${nodeString(args[0]!)}`);
  }

  private idealConstant(n: NumberNode): GoValue {
    this.node = n;
    const v = n.ideal;
    if (isIdealError(v)) return this.errorf(v.error);
    return v as GoValue;
  }

  private evalFieldNode(dot: Recv, field: FieldNode, args: ArgNode[], final: Final): GoValue {
    this.node = field;
    return this.evalFieldChain(dot, dot, field, field.ident, args, final);
  }

  private evalChainNode(dot: Recv, chain: ChainNode, args: ArgNode[], final: Final): GoValue {
    this.node = chain;
    if (chain.node.type === "nil") this.errorf(`indirection through explicit nil in ${nodeString(chain)}`);
    const pipe = this.evalArg(dot, "any", chain.node);
    return this.evalFieldChain(dot, { value: pipe, boxed: false }, chain, chain.field, args, final);
  }

  private evalVariableNode(dot: Recv, v: VariableNode, args: ArgNode[], final: Final): GoValue {
    this.node = v;
    const variable = this.varValue(v.ident[0]!);
    if (v.ident.length === 1) {
      this.notAFunction(args, final);
      return variable.value;
    }
    return this.evalFieldChain(dot, { value: variable.value, boxed: variable.boxed }, v, v.ident.slice(1), args, final);
  }

  private evalFieldChain(
    _dot: Recv,
    receiver: Recv,
    node: Node,
    ident: string[],
    args: ArgNode[],
    final: Final,
  ): GoValue {
    let value = receiver.value;
    let boxed = receiver.boxed;
    const last = ident.length - 1;
    for (let i = 0; i < last; i++) {
      value = this.evalField(ident[i]!, NO_ARGS, NO_FINAL, value, boxed);
      boxed = true;
    }
    void node;
    return this.evalField(ident[last]!, args, final, value, boxed);
  }

  /** A map key: `boxed` says whether the receiver's static type is interface{} (for Go's error messages). */
  private evalField(fieldName: string, args: ArgNode[], final: Final, v: GoValue, boxed: boolean): GoValue {
    if (v === MISSING) {
      if (this.config.strict) this.errorf(`nil data; no entry for key ${goQuote(fieldName)}`);
      return MISSING;
    }
    if (v === null) this.errorf(`nil pointer evaluating ${boxed ? "interface {}" : typeName(v)}.${fieldName}`);
    if (isMap(v)) {
      if (args.length > 1 || final !== NO_FINAL) this.errorf(`${fieldName} is not a method but has arguments`);
      if (Object.hasOwn(v, fieldName)) return v[fieldName]!;
      if (this.config.strict) this.errorf(`map has no entry for key ${goQuote(fieldName)}`);
      return MISSING;
    }
    return this.errorf(`can't evaluate field ${fieldName} in type ${boxed ? "interface {}" : typeName(v)}`);
  }

  private evalFunction(
    dot: Recv,
    name: string,
    ident: Node,
    cmd: CommandNode | Node,
    args: ArgNode[],
    final: Final,
  ): GoValue {
    this.node = ident;
    const fn = this.config.funcs.get(name);
    if (!fn) return this.errorf(`${goQuote(name)} is not a defined function`);
    const given = args.length - 1;
    const numIn = given + (final === NO_FINAL ? 0 : 1);
    const params = fn.params;
    if (fn.variadic !== undefined) {
      if (numIn < params.length)
        this.errorf(`wrong number of args for ${name}: want at least ${params.length} got ${given}`);
    } else if (numIn !== params.length) {
      this.errorf(`wrong number of args for ${name}: want ${params.length} got ${numIn}`);
    }
    // and/or evaluate their arguments lazily and return the deciding one.
    if (name === "and" || name === "or") {
      let v: GoValue = MISSING;
      for (let i = 1; i < args.length; i++) {
        v = this.evalArg(dot, "value", args[i]!);
        if (truth(v) === (name === "or")) return v;
      }
      if (final !== NO_FINAL) v = final;
      return v;
    }
    const argv: GoValue[] = [];
    for (let i = 1; i < args.length; i++)
      argv.push(this.evalArg(dot, i - 1 < params.length ? params[i - 1]! : fn.variadic!, args[i]!));
    if (final !== NO_FINAL)
      argv.push(this.validateType(final, numIn - 1 < params.length ? params[numIn - 1]! : fn.variadic!));
    try {
      if (name === "call") return this.callBuiltin(argv, args[1], final);
      const result = fn.call(argv, fn.wantsBoxed ? args.slice(1).map((a) => this.isBoxed(dot, a)) : NONE_BOXED);
      this.charge(result);
      return result;
    } catch (err) {
      if (err instanceof TemplateExecError || isStackOverflow(err)) throw err;
      this.node = cmd;
      return this.errorf(`error calling ${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Whether an argument's value keeps the static type interface{} (Go unwraps pipeline results, not fields). */
  private isBoxed(dot: Recv, n: ArgNode): boolean {
    switch (n.type) {
      case "field":
      case "chain":
        return true;
      case "variable":
        return n.ident.length > 1 || this.varValue(n.ident[0]!).boxed;
      case "dot":
        return dot.boxed;
    }
    return false;
  }

  /** Template data holds no functions, so call always fails; Go names the callee by its node (or piped value). */
  private callBuiltin(argv: GoValue[], first: ArgNode | undefined, final: Final): never {
    const fn = argv[0]!;
    if (fn === null || fn === MISSING) throw new Error("call of nil");
    let callee: string;
    if (first) callee = nodeString(first);
    else callee = typeof final === "string" ? final : `<${typeName(fn)} Value>`;
    throw new Error(`non-function ${callee} of type ${typeName(fn)}`);
  }

  private validateType(value: GoValue, param: Param): GoValue {
    if (param === "value") return value;
    if (value === MISSING || value === null) {
      if (param === "any") return null;
      return this.errorf(`invalid value; expected ${param}`);
    }
    const ok =
      param === "any" ||
      (param === "string" && typeof value === "string") ||
      (param === "bool" && typeof value === "boolean") ||
      (param === "int" && value instanceof GoInt);
    if (!ok) this.errorf(`wrong type for value; expected ${param}; got ${typeName(value)}`);
    return value;
  }

  private evalArg(dot: Recv, param: Param, n: ArgNode): GoValue {
    this.node = n;
    switch (n.type) {
      case "dot":
        return this.validateType(dot.value, param);
      case "nil":
        if (param === "value") return MISSING;
        if (param === "any") return null;
        return this.errorf(`cannot assign nil to ${param}`);
      case "field":
        return this.validateType(this.evalFieldNode(dot, n, [n], NO_FINAL), param);
      case "variable":
        return this.validateType(this.evalVariableNode(dot, n, [], NO_FINAL), param);
      case "pipe":
        return this.validateType(this.evalPipeline(dot, n), param);
      case "identifier":
        return this.validateType(this.evalFunction(dot, n.ident, n, n, [n], NO_FINAL), param);
      case "chain":
        return this.validateType(this.evalChainNode(dot, n, [], NO_FINAL), param);
    }
    switch (param) {
      case "bool":
        if (n.type === "bool") return n.value;
        return this.errorf(`expected bool; found ${nodeString(n)}`);
      case "string":
        if (n.type === "string") return n.text;
        return this.errorf(`expected string; found ${nodeString(n)}`);
      case "int":
        if (n.type === "number" && n.ideal instanceof GoInt) return n.ideal;
        return this.errorf(`expected integer; found ${nodeString(n)}`);
    }
    switch (n.type) {
      case "bool":
        return n.value;
      case "number":
        return this.idealConstant(n);
      case "string":
        return n.text;
    }
    return this.errorf(`can't handle ${nodeString(n)} for arg of type interface {}`);
  }
}

const NONE_BOXED: boolean[] = [];
const NO_FLAGS = { plus: false, minus: false, sharp: false, space: false, zero: false };

function countNewlines(s: string, to: number): number {
  let n = 0;
  for (let i = s.indexOf("\n"); i >= 0 && i < to; i = s.indexOf("\n", i + 1)) n++;
  return n;
}

/** Number literals never evaluate to maps, so an object here is the parser's deferred syntax error. */
function isIdealError(v: NumberNode["ideal"]): v is { error: string } {
  return isMap(v as GoValue);
}
