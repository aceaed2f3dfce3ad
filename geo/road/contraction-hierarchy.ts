/**
 * A contraction hierarchy in search form (CSR). Every arc joins a lower-ranked node to a
 * higher-ranked one and is stored at the lower end: `up*` for forward searches (v → higher
 * target), `down*` for backward searches (higher source → v). A shortcut remembers the node it
 * bypasses (`middle`, -1 for an arc of the turn graph) so paths can be unpacked: the shortcut
 * u→w via m is the arcs u→m (in m's `down`) and m→w (in m's `up`).
 */
export interface ContractionHierarchy {
  nodeCount: number;
  upFirst: Int32Array;
  upTarget: Int32Array;
  upWeight: Float64Array;
  upMiddle: Int32Array;
  downFirst: Int32Array;
  downSource: Int32Array;
  downWeight: Float64Array;
  downMiddle: Int32Array;
}

/** Hierarchies of several travel classes in one: each arc serves the classes set in its bit set. */
export interface ClassedHierarchy extends ContractionHierarchy {
  upClasses: Uint32Array;
  downClasses: Uint32Array;
}

/** The hierarchy of class `index` (the arcs that serve it). */
export function classHierarchy(hierarchy: ClassedHierarchy, index: number): ContractionHierarchy {
  const bit = 1 << index;
  const up = arcsOfClass(
    hierarchy.nodeCount,
    hierarchy.upFirst,
    hierarchy.upTarget,
    hierarchy.upWeight,
    hierarchy.upMiddle,
    hierarchy.upClasses,
    bit,
  );
  const down = arcsOfClass(
    hierarchy.nodeCount,
    hierarchy.downFirst,
    hierarchy.downSource,
    hierarchy.downWeight,
    hierarchy.downMiddle,
    hierarchy.downClasses,
    bit,
  );
  return {
    nodeCount: hierarchy.nodeCount,
    upFirst: up.first,
    upTarget: up.node,
    upWeight: up.weight,
    upMiddle: up.middle,
    downFirst: down.first,
    downSource: down.node,
    downWeight: down.weight,
    downMiddle: down.middle,
  };
}

function arcsOfClass(
  n: number,
  first: Int32Array,
  node: Int32Array,
  weight: Float64Array,
  middle: Int32Array,
  classes: Uint32Array,
  bit: number,
) {
  const kept = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) {
    let count = 0;
    for (let a = first[v]!; a < first[v + 1]!; a++) if ((classes[a]! & bit) !== 0) count++;
    kept[v + 1] = kept[v]! + count;
  }
  const size = kept[n]!;
  const out = { first: kept, node: new Int32Array(size), weight: new Float64Array(size), middle: new Int32Array(size) };
  let at = 0;
  for (let a = 0; a < first[n]!; a++) {
    if ((classes[a]! & bit) === 0) continue;
    out.node[at] = node[a]!;
    out.weight[at] = weight[a]!;
    out.middle[at++] = middle[a]!;
  }
  return out;
}
