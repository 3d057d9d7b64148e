import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** One import of a module: what it names as written, the repository file it resolves to (if any), and whether only types cross it. */
export interface ImportEdge {
  specifier: string;
  /** Repository-relative path of the imported file; null for packages and built-ins. */
  target: string | null;
  typeOnly: boolean;
}

export interface ModuleInfo {
  imports: ImportEdge[];
  /** The whole text, for checks that look for calls. */
  text: string;
}

/**
 * The static imports (and `import()` calls and re-exports) of TypeScript files, read with the
 * compiler's parser and resolved the way the repository writes them: relative `.js` specifiers
 * name `.ts`/`.tsx` sources, `@notebook-hub/<package>/...` names a workspace's `src/`.
 */
export class ImportGraph {
  private readonly modules = new Map<string, ModuleInfo>();

  /** The file's imports, parsed once. `file` is repository-relative. */
  module(file: string): ModuleInfo {
    let info = this.modules.get(file);
    if (!info) {
      const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
      info = { text, imports: importsOf(file, text) };
      this.modules.set(file, info);
    }
    return info;
  }

  /** Every repository file `file` loads at run time, itself included (type-only imports are not followed). */
  runtimeClosure(file: string): Set<string> {
    const seen = new Set<string>();
    const visit = (current: string) => {
      if (seen.has(current)) return;
      seen.add(current);
      for (const edge of this.module(current).imports) if (edge.target && !edge.typeOnly) visit(edge.target);
    };
    visit(file);
    return seen;
  }
}

function importsOf(file: string, text: string): ImportEdge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => edges.push({ specifier, target: resolve(file, specifier), typeOnly });
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnlyImport(node.importClause));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) add(argument.text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

function isTypeOnlyImport(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import './x.js'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/** The workspaces' package names and the folder their `source` exports point into. */
const WORKSPACES: Record<string, string> = {
  '@notebook-hub/kernel': 'kernel/src',
  '@notebook-hub/service': 'service/src',
  '@notebook-hub/sandbox-drivers': 'sandbox-drivers/src',
};

function resolve(from: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else {
    const workspace = Object.keys(WORKSPACES).find((name) => specifier === name || specifier.startsWith(`${name}/`));
    if (workspace) base = path.join(WORKSPACES[workspace]!, specifier.slice(workspace.length + 1) || 'index');
  }
  if (base === null) return null;
  const stem = base.replace(/\.(?:m?js|tsx?)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}.mjs`, `${stem}.js`, path.join(stem, 'index.ts')]) {
    if (existsSync(path.join(REPO_ROOT, candidate))) return path.normalize(candidate);
  }
  return null;
}

// Cycles: the strongly connected components of a directed graph (Tarjan's algorithm) and, for
// each one with more than one node, one concrete cycle through it, so that a failure names the
// imports to undo rather than only the knot.

export type Graph = ReadonlyMap<string, ReadonlySet<string>>;

/** Builds a graph from edges, keeping nodes that have none. */
export function graphOf(nodes: Iterable<string>, edges: Iterable<readonly [string, string]>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const node of nodes) graph.set(node, new Set());
  for (const [from, to] of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)!.add(to);
  }
  return graph;
}

/** The strongly connected components of more than one node, each sorted, in a stable order. */
export function knots(graph: Graph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const root of [...graph.keys()].sort()) {
    if (indexOf.has(root)) continue;
    const frames: { node: string; next: Iterator<string> }[] = [];
    const enter = (node: string) => {
      indexOf.set(node, index);
      lowLink.set(node, index);
      index++;
      stack.push(node);
      onStack.add(node);
      frames.push({ node, next: [...(graph.get(node) ?? [])].sort()[Symbol.iterator]() });
    };
    enter(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const step = frame.next.next();
      if (!step.done) {
        const target = step.value;
        if (!indexOf.has(target)) enter(target);
        else if (onStack.has(target)) lowLink.set(frame.node, Math.min(lowLink.get(frame.node)!, indexOf.get(target)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) lowLink.set(parent.node, Math.min(lowLink.get(parent.node)!, lowLink.get(frame.node)!));
      if (lowLink.get(frame.node) === indexOf.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A shortest cycle through the first node of `component`: `[a, b, ..., a]`. */
export function cycleThrough(graph: Graph, component: readonly string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  throw new Error(`${start} is on no cycle of its component`);
}

/** Each knot of the graph as one line: a cycle through it, and how many nodes the knot has. */
export function describeCycles(graph: Graph): string[] {
  return knots(graph).map((component) => {
    const cycle = cycleThrough(graph, component).join(' -> ');
    return component.length > cycle.split(' -> ').length - 1 ? `${cycle} (one of the cycles among ${component.length}: ${component.join(', ')})` : cycle;
  });
}
