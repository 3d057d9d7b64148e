/**
 * A copy-on-write B+tree of immutable nodes, the shape of every catalog snapshot.
 *
 * A mutation rewrites only the nodes on the paths to changed keys (O(changes x log n) writes) and
 * a read touches O(log n + page) nodes, so listing a page does not depend on how many entries the
 * catalog holds. Nodes are content-addressed, which makes writing one idempotent.
 */

export type TreeValue = unknown;
/** `[key, value]` */
export type LeafEntry = [string, TreeValue];
/** `[first key below, node id, entries below, direct children or entries of that node]` */
export type ChildRef = [string, string, number, number];

export interface LeafNode {
  t: 'L';
  e: LeafEntry[];
}
export interface BranchNode {
  t: 'B';
  c: ChildRef[];
}
export type TreeNode = LeafNode | BranchNode;

export interface TreeRoot {
  /** Null for an empty tree. */
  id: string | null;
  count: number;
}

export interface NodeStore {
  read(id: string): Promise<TreeNode>;
  /** Persists the node and returns its id. */
  write(node: TreeNode): Promise<string>;
}

export const DELETE = Symbol('delete');
export type TreeOp = TreeValue | typeof DELETE;

export interface TreeShape {
  leafMax: number;
  branchMax: number;
}
export const DEFAULT_SHAPE: TreeShape = { leafMax: 64, branchMax: 128 };

export const EMPTY_TREE: TreeRoot = { id: null, count: 0 };

/** Applies puts and deletes (any order; the last op per key wins) and returns the new root. */
export async function applyOps(nodes: NodeStore, root: TreeRoot, ops: Map<string, TreeOp>, shape: TreeShape = DEFAULT_SHAPE): Promise<TreeRoot> {
  const sorted = [...ops.entries()].sort(([a], [b]) => compareKeys(a, b));
  if (sorted.length === 0) return root;
  let refs: ChildRef[];
  if (root.id === null) {
    const entries = sorted.filter((op): op is LeafEntry => op[1] !== DELETE);
    refs = await writeChunks(nodes, entries, shape.leafMax, leaf);
  } else {
    refs = await rewrite(nodes, root.id, sorted, shape);
  }
  while (refs.length > 1) refs = await writeChunks(nodes, refs, shape.branchMax, branch);
  let top = refs[0];
  if (!top) return EMPTY_TREE;
  // A root branch with a single child is a wasted level after deletes.
  while (top[3] === 1) {
    const node = await nodes.read(top[1]);
    if (node.t !== 'B') break;
    top = node.c[0]!;
  }
  return { id: top[1], count: top[2] };
}

/** Bulk-builds a tree from entries (any order, unique keys). */
export async function buildTree(nodes: NodeStore, entries: LeafEntry[], shape: TreeShape = DEFAULT_SHAPE): Promise<TreeRoot> {
  return applyOps(nodes, EMPTY_TREE, new Map(entries), shape);
}

export async function getValue(nodes: NodeStore, root: TreeRoot, key: string): Promise<TreeValue | undefined> {
  if (root.id === null) return undefined;
  let node = await nodes.read(root.id);
  while (node.t === 'B') node = await nodes.read(node.c[childIndexFor(node.c, key)]![1]);
  const index = lowerBound(node.e, key);
  const entry = node.e[index];
  return entry && entry[0] === key ? entry[1] : undefined;
}

export interface ScanRange {
  /** Keys must start with this. */
  prefix: string;
  /** Resume strictly after this key (in scan direction). */
  after?: string;
  reverse?: boolean;
}

/** Entries of the range in key order (or reverse), reading only the nodes that overlap it. */
export async function* scan(nodes: NodeStore, root: TreeRoot, range: ScanRange): AsyncGenerator<LeafEntry> {
  if (root.id === null) return;
  let lower = range.prefix;
  let lowerInclusive = true;
  let upper = range.prefix + '\uffff';
  let upperInclusive = false;
  if (range.after !== undefined) {
    if (range.reverse) {
      if (compareKeys(range.after, upper) < 0) [upper, upperInclusive] = [range.after, false];
    } else if (compareKeys(range.after, lower) >= 0) {
      [lower, lowerInclusive] = [range.after, false];
    }
  }
  const inRange = (key: string) => {
    const lo = compareKeys(key, lower);
    const hi = compareKeys(key, upper);
    return (lo > 0 || (lo === 0 && lowerInclusive)) && (hi < 0 || (hi === 0 && upperInclusive));
  };
  yield* walk(nodes, root.id, lower, upper, inRange, range.reverse ?? false);
}

async function* walk(
  nodes: NodeStore,
  id: string,
  lower: string,
  upper: string,
  inRange: (key: string) => boolean,
  reverse: boolean,
): AsyncGenerator<LeafEntry> {
  const node = await nodes.read(id);
  if (node.t === 'L') {
    const entries = reverse ? [...node.e].reverse() : node.e;
    for (const entry of entries) if (inRange(entry[0])) yield entry;
    return;
  }
  // Child i covers [c[i].firstKey, c[i+1].firstKey); the first child also covers everything below.
  const first = childIndexFor(node.c, lower);
  let last = childIndexFor(node.c, upper);
  last = Math.max(first, last);
  for (let step = 0; step <= last - first; step++) {
    const index = reverse ? last - step : first + step;
    yield* walk(nodes, node.c[index]![1], lower, upper, inRange, reverse);
  }
}

async function rewrite(nodes: NodeStore, id: string, ops: [string, TreeOp][], shape: TreeShape): Promise<ChildRef[]> {
  const node = await nodes.read(id);
  if (node.t === 'L') return writeChunks(nodes, mergeEntries(node.e, ops), shape.leafMax, leaf);

  const children: { ref: ChildRef; rewritten: boolean }[] = [];
  let opIndex = 0;
  for (let i = 0; i < node.c.length; i++) {
    const next = node.c[i + 1];
    const start = opIndex;
    while (opIndex < ops.length && (next === undefined || compareKeys(ops[opIndex]![0], next[0]) < 0)) opIndex++;
    if (opIndex === start) {
      children.push({ ref: node.c[i]!, rewritten: false });
    } else {
      for (const ref of await rewrite(nodes, node.c[i]![1], ops.slice(start, opIndex), shape)) {
        children.push({ ref, rewritten: true });
      }
    }
  }
  const merged = await mergeUnderfull(nodes, children, shape);
  return writeChunks(nodes, merged, shape.branchMax, branch);
}

/**
 * Keeps nodes at least a quarter full: a rewritten child that shrank below that is merged with a
 * neighbour (both sit at the same level) and the pair re-split.
 */
async function mergeUnderfull(nodes: NodeStore, children: { ref: ChildRef; rewritten: boolean }[], shape: TreeShape): Promise<ChildRef[]> {
  const result: ChildRef[] = [];
  for (let i = 0; i < children.length; i++) {
    const current = children[i]!;
    const neighbour = children[i + 1] ?? null;
    const alone = neighbour === null && result.length === 0;
    if (!current.rewritten || alone) {
      result.push(current.ref);
      continue;
    }
    const [small, limit] = await sizeInfo(nodes, current.ref, shape);
    if (!small) {
      result.push(current.ref);
      continue;
    }
    const partner = neighbour ? neighbour.ref : result.pop()!;
    const pair = neighbour ? [current.ref, partner] : [partner, current.ref];
    const [a, b] = await Promise.all(pair.map((ref) => nodes.read(ref[1])));
    const replacement =
      a!.t === 'L' && b!.t === 'L'
        ? await writeChunks(nodes, [...a!.e, ...b!.e], limit, leaf)
        : await writeChunks(nodes, [...(a as BranchNode).c, ...(b as BranchNode).c], limit, branch);
    result.push(...replacement);
    if (neighbour) i++;
  }
  return result;
}

async function sizeInfo(nodes: NodeStore, ref: ChildRef, shape: TreeShape): Promise<[boolean, number]> {
  const node = await nodes.read(ref[1]);
  const limit = node.t === 'L' ? shape.leafMax : shape.branchMax;
  return [ref[3] < limit / 4, limit];
}

async function writeChunks<T extends LeafEntry | ChildRef>(nodes: NodeStore, items: T[], max: number, make: (items: T[]) => TreeNode): Promise<ChildRef[]> {
  if (items.length === 0) return [];
  const chunkCount = Math.ceil(items.length / max);
  const refs: ChildRef[] = [];
  for (let i = 0; i < chunkCount; i++) {
    const chunk = items.slice(Math.floor((i * items.length) / chunkCount), Math.floor(((i + 1) * items.length) / chunkCount));
    const node = make(chunk);
    const id = await nodes.write(node);
    const count = node.t === 'L' ? node.e.length : node.c.reduce((sum, ref) => sum + ref[2], 0);
    refs.push([firstKey(node), id, count, chunk.length]);
  }
  return refs;
}

const leaf = (entries: LeafEntry[]): TreeNode => ({ t: 'L', e: entries });
const branch = (refs: ChildRef[]): TreeNode => ({ t: 'B', c: refs });
const firstKey = (node: TreeNode): string => (node.t === 'L' ? node.e[0]![0] : node.c[0]![0]);

function mergeEntries(entries: LeafEntry[], ops: [string, TreeOp][]): LeafEntry[] {
  const result: LeafEntry[] = [];
  let i = 0;
  for (const [key, op] of ops) {
    while (i < entries.length && compareKeys(entries[i]![0], key) < 0) result.push(entries[i++]!);
    if (i < entries.length && entries[i]![0] === key) i++;
    if (op !== DELETE) result.push([key, op]);
  }
  while (i < entries.length) result.push(entries[i++]!);
  return result;
}

/** Index of the child whose range holds `key`: the last child whose first key is <= key. */
function childIndexFor(children: ChildRef[], key: string): number {
  let lo = 1;
  let hi = children.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys(children[mid]![0], key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

function lowerBound(entries: LeafEntry[], key: string): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys(entries[mid]![0], key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
