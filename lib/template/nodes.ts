// Parse tree nodes, with Go's String() forms (they appear in error messages as the "at <…>" context).
import type { GoValue } from "./values.ts";

interface Base {
  pos: number;
}

export interface TextNode extends Base {
  type: "text";
  text: string;
}
export interface CommentNode extends Base {
  type: "comment";
  text: string;
}
export interface ActionNode extends Base {
  type: "action";
  line: number;
  pipe: PipeNode;
}
export interface PipeNode extends Base {
  type: "pipe";
  line: number;
  isAssign: boolean;
  decl: VariableNode[];
  cmds: CommandNode[];
}
export interface CommandNode extends Base {
  type: "command";
  args: ArgNode[];
}
export interface IdentifierNode extends Base {
  type: "identifier";
  ident: string;
}
export interface VariableNode extends Base {
  type: "variable";
  ident: string[];
}
export interface DotNode extends Base {
  type: "dot";
}
export interface NilNode extends Base {
  type: "nil";
}
export interface FieldNode extends Base {
  type: "field";
  ident: string[];
}
export interface ChainNode extends Base {
  type: "chain";
  node: ArgNode;
  field: string[];
}
export interface BoolNode extends Base {
  type: "bool";
  value: boolean;
}
export interface NumberNode extends Base {
  type: "number";
  text: string;
  /** The value this constant takes where no type is imposed (Go's idealConstant), or an error to raise. */
  ideal: GoValue | { error: string };
}
export interface StringNode extends Base {
  type: "string";
  quoted: string;
  text: string;
}
export interface ListNode extends Base {
  type: "list";
  nodes: Node[];
}
export interface IfNode extends Base {
  type: "if" | "with";
  line: number;
  pipe: PipeNode;
  list: ListNode;
  elseList: ListNode | null;
}
export interface RangeNode extends Base {
  type: "range";
  line: number;
  pipe: PipeNode;
  list: ListNode;
  elseList: ListNode | null;
}
export interface TemplateNode extends Base {
  type: "template";
  line: number;
  name: string;
  pipe: PipeNode | null;
}
export interface BreakNode extends Base {
  type: "break";
}
export interface ContinueNode extends Base {
  type: "continue";
}
export interface EndNode extends Base {
  type: "end";
}
export interface ElseNode extends Base {
  type: "else";
}

export type ArgNode =
  | IdentifierNode
  | VariableNode
  | DotNode
  | NilNode
  | FieldNode
  | ChainNode
  | BoolNode
  | NumberNode
  | StringNode
  | PipeNode;
export type Node =
  | TextNode
  | CommentNode
  | ActionNode
  | PipeNode
  | CommandNode
  | ArgNode
  | ListNode
  | IfNode
  | RangeNode
  | TemplateNode
  | BreakNode
  | ContinueNode
  | EndNode
  | ElseNode;

function quoteText(s: string): string {
  return JSON.stringify(s);
}

export function nodeString(n: Node): string {
  switch (n.type) {
    case "text":
      return quoteText(n.text);
    case "comment":
      return `{{${n.text}}}`;
    case "action":
      return `{{${nodeString(n.pipe)}}}`;
    case "pipe": {
      let s = "";
      if (n.decl.length) s = n.decl.map(nodeString).join(", ") + (n.isAssign ? " = " : " := ");
      return s + n.cmds.map(nodeString).join(" | ");
    }
    case "command":
      return n.args.map((a) => (a.type === "pipe" ? `(${nodeString(a)})` : nodeString(a))).join(" ");
    case "identifier":
      return n.ident;
    case "variable":
      return n.ident.join(".");
    case "dot":
      return ".";
    case "nil":
      return "nil";
    case "field":
      return "." + n.ident.join(".");
    case "chain":
      return (n.node.type === "pipe" ? `(${nodeString(n.node)})` : nodeString(n.node)) + "." + n.field.join(".");
    case "bool":
      return n.value ? "true" : "false";
    case "number":
      return n.text;
    case "string":
      return n.quoted;
    case "list":
      return n.nodes.map(nodeString).join("");
    case "if":
    case "with":
    case "range":
      return `{{${n.type} ${nodeString(n.pipe)}}}${nodeString(n.list)}${n.elseList ? `{{else}}${nodeString(n.elseList)}` : ""}{{end}}`;
    case "template":
      return n.pipe
        ? `{{template ${JSON.stringify(n.name)} ${nodeString(n.pipe)}}}`
        : `{{template ${JSON.stringify(n.name)}}}`;
    case "break":
      return "{{break}}";
    case "continue":
      return "{{continue}}";
    case "end":
      return "{{end}}";
    case "else":
      return "{{else}}";
  }
}
