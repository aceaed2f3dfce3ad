import type { Endpoint } from './endpoints.js';
import { SearchSpace } from './search-space.js';
import type { TurnGraph } from './turn-graph.js';

/**
 * Plain Dijkstra on the turn graph, one search per source to all nodes: the reference the
 * contraction hierarchy is tested and benchmarked against. Returns row-major keys like
 * chMatrixKeys, without the same-segment candidates (the caller adds them to both).
 */
export function dijkstraMatrixKeys(graph: TurnGraph, sources: readonly Endpoint[], targets: readonly Endpoint[]): Float64Array {
  const space = new SearchSpace(graph.nodeCount);
  const keys = new Float64Array(sources.length * targets.length).fill(Infinity);
  const { first, target, weight } = graph;
  for (let row = 0; row < sources.length; row++) {
    const source = sources[row]!;
    space.start();
    for (let i = 0; i < source.sourceNodes.length; i++) space.reach(source.sourceNodes[i]!, source.sourceKeys[i]!, -1, -1);
    const heap = space.heap;
    while (heap.size > 0) {
      const key = heap.topKey();
      const node = heap.pop();
      if (key > space.distance[node]!) continue;
      for (let arc = first[node]!; arc < first[node + 1]!; arc++) space.reach(target[arc]!, key + weight[arc]!, node, arc);
    }
    for (let column = 0; column < targets.length; column++) {
      const destination = targets[column]!;
      let best = Infinity;
      for (let i = 0; i < destination.targetNodes.length; i++) {
        best = Math.min(best, space.distanceOf(destination.targetNodes[i]!) + destination.targetKeys[i]!);
      }
      keys[row * targets.length + column] = best;
    }
  }
  return keys;
}
