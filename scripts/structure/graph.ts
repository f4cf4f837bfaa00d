import type { ICruiseResult } from 'dependency-cruiser';

/** Which graph a module belongs to and its node there, or null when it is outside that tree. */
export type Grouping = (modulePath: string) => string | null;

/** The first segment below `root`, without extension: src/server/pins/x.ts → pins, src/server/app.ts → app. */
export function firstSegmentBelow(root: string): Grouping {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return (modulePath) => {
    if (!modulePath.startsWith(prefix)) return null;
    const segment = modulePath.slice(prefix.length).split('/')[0] ?? '';
    return segment.replace(/\.[^.]+$/, '') || null;
  };
}

export const serverArea: Grouping = firstSegmentBelow('src/server');
export const webFolder: Grouping = firstSegmentBelow('src/web');

/** Node → the nodes it imports (at run time), self-imports dropped; every grouped module is a node. */
export type Graph = Map<string, Set<string>>;

export function groupGraph(result: ICruiseResult, groupOf: Grouping): Graph {
  const graph: Graph = new Map();
  for (const module of result.modules) {
    const from = groupOf(module.source);
    if (from === null) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const dependency of module.dependencies) {
      const to = groupOf(dependency.resolved);
      if (to !== null && to !== from) edges.add(to);
    }
  }
  return graph;
}

/**
 * Strongly connected components (Tarjan): nodes that all reach one another. Recursive: an area
 * graph has tens of nodes. Each component and the list are sorted, so the output is stable.
 */
export function stronglyConnected(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    lowLink.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        lowLink.set(v, Math.min(lowLink.get(v) ?? 0, lowLink.get(w) ?? 0));
      } else if (onStack.has(w)) {
        lowLink.set(v, Math.min(lowLink.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (lowLink.get(v) === index.get(v)) components.push(popComponent(stack, onStack, v));
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((c) => c.sort()).sort((a, b) => b.length - a.length || (a[0] ?? '').localeCompare(b[0] ?? ''));
}

function popComponent(stack: string[], onStack: Set<string>, root: string): string[] {
  const component: string[] = [];
  let w: string | undefined;
  do {
    w = stack.pop();
    if (w === undefined) break;
    onStack.delete(w);
    component.push(w);
  } while (w !== root);
  return component;
}

/** The components of more than one node: groups that import one another, directly or through others. */
export function cycles(result: ICruiseResult, groupOf: Grouping): string[][] {
  return stronglyConnected(groupGraph(result, groupOf)).filter((c) => c.length > 1);
}
