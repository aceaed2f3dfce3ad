import { spatialOrder } from '../../geo/road/locality.js';
import { buildTurnGraph } from '../../geo/road/turn-graph.js';
import { travelVariant } from '../../geo/road/road-router.js';
import { builtGrid } from './support/built-grid.js';

// The order a contraction numbers its nodes in: neighbours on the map close together.

describe('the spatial order of turn-graph nodes', () => {
  const { network, restrictions } = builtGrid(40);
  const graph = buildTurnGraph(network, restrictions.auto, travelVariant({}));
  const order = spatialOrder(network);
  const position = new Int32Array(order.length);
  order.forEach((node, k) => (position[node] = k));

  it('holds every node once, the two directions of a segment side by side', () => {
    expect(Array.from(order).sort((a, b) => a - b)).toEqual(Array.from({ length: graph.nodeCount }, (_, v) => v));
    for (let k = 0; k < order.length; k += 2) expect(order[k + 1]).toBe(order[k]! + 1);
  });

  it('puts most arcs between nodes a few places apart', () => {
    // 87.5 % of the arcs join nodes fewer than 64 places apart, against 53 % in the numbering the
    // network was built in (the grid's rows one after another, then its columns).
    const near = (place: (v: number) => number): number => {
      let count = 0;
      for (let v = 0; v < graph.nodeCount; v++)
        for (let a = graph.first[v]!; a < graph.first[v + 1]!; a++) if (Math.abs(place(graph.target[a]!) - place(v)) < 64) count++;
      return count / graph.target.length;
    };
    expect(near((v) => position[v]!)).toBeGreaterThan(0.8);
    expect(near((v) => v)).toBeLessThan(0.6);
  });
});
