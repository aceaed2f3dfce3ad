import type { ContractionHierarchy } from './contraction-hierarchy.js';
import type { Endpoint } from './endpoints.js';
import { SearchSpace } from './search-space.js';

/**
 * Many-to-many keys with buckets (Knopp et al. 2007): one backward upward search per target
 * leaves (target, key) in a bucket at every node it settles; one forward upward search per
 * source then scans the buckets of the nodes it settles. Both sides stall on demand: a node
 * reached more cheaply through a higher neighbour is not on a shortest up-down path, so it
 * neither fills nor scans buckets. Returns row-major keys, Infinity where unconnected.
 */
export function chMatrixKeys(hierarchy: ContractionHierarchy, sources: readonly Endpoint[], targets: readonly Endpoint[]): Float64Array {
  const space = new SearchSpace(hierarchy.nodeCount);
  const buckets = fillBuckets(hierarchy, targets, space);
  const keys = new Float64Array(sources.length * targets.length).fill(Infinity);
  const { upFirst, upTarget, upWeight, downFirst, downSource, downWeight } = hierarchy;
  const { distance } = space;
  const columns = targets.length;
  for (let row = 0; row < sources.length; row++) {
    const source = sources[row]!;
    space.start();
    for (let i = 0; i < source.sourceNodes.length; i++) space.reach(source.sourceNodes[i]!, source.sourceKeys[i]!, -1, -1);
    const offset = row * columns;
    const heap = space.heap;
    while (heap.size > 0) {
      const key = heap.topKey();
      const node = heap.pop();
      if (key > distance[node]!) continue;
      let stalled = false;
      for (let arc = downFirst[node]!; arc < downFirst[node + 1]!; arc++) {
        if (space.distanceOf(downSource[arc]!) + downWeight[arc]! < key) {
          stalled = true;
          break;
        }
      }
      if (stalled) continue;
      for (let entry = buckets.first[node]!; entry < buckets.first[node + 1]!; entry++) {
        const cell = offset + buckets.target[entry]!;
        const total = key + buckets.key[entry]!;
        if (total < keys[cell]!) keys[cell] = total;
      }
      for (let arc = upFirst[node]!; arc < upFirst[node + 1]!; arc++) space.reach(upTarget[arc]!, key + upWeight[arc]!, node, arc);
    }
  }
  return keys;
}

interface Buckets {
  first: Int32Array;
  target: Int32Array;
  key: Float64Array;
}

function fillBuckets(hierarchy: ContractionHierarchy, targets: readonly Endpoint[], space: SearchSpace): Buckets {
  const { upFirst, upTarget, upWeight, downFirst, downSource, downWeight } = hierarchy;
  let nodes = new Int32Array(1024);
  let columns = new Int32Array(1024);
  let keys = new Float64Array(1024);
  let size = 0;
  for (let column = 0; column < targets.length; column++) {
    const target = targets[column]!;
    space.start();
    for (let i = 0; i < target.targetNodes.length; i++) space.reach(target.targetNodes[i]!, target.targetKeys[i]!, -1, -1);
    const heap = space.heap;
    while (heap.size > 0) {
      const key = heap.topKey();
      const node = heap.pop();
      if (key > space.distance[node]!) continue;
      let stalled = false;
      for (let arc = upFirst[node]!; arc < upFirst[node + 1]!; arc++) {
        if (space.distanceOf(upTarget[arc]!) + upWeight[arc]! < key) {
          stalled = true;
          break;
        }
      }
      if (stalled) continue;
      if (size === nodes.length) {
        nodes = grown(nodes);
        columns = grown(columns);
        keys = grown(keys);
      }
      nodes[size] = node;
      columns[size] = column;
      keys[size++] = key;
      for (let arc = downFirst[node]!; arc < downFirst[node + 1]!; arc++) space.reach(downSource[arc]!, key + downWeight[arc]!, node, arc);
    }
  }
  // Counting sort by node, so that a forward search reads each bucket contiguously.
  const first = new Int32Array(hierarchy.nodeCount + 1);
  for (let i = 0; i < size; i++) first[nodes[i]! + 1]!++;
  for (let v = 0; v < hierarchy.nodeCount; v++) first[v + 1]! += first[v]!;
  const fill = first.slice(0, hierarchy.nodeCount);
  const target = new Int32Array(size);
  const key = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const at = fill[nodes[i]!]!++;
    target[at] = columns[i]!;
    key[at] = keys[i]!;
  }
  return { first, target, key };
}

function grown<T extends Int32Array | Float64Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
