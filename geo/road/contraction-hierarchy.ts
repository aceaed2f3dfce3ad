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
