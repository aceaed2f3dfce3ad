import { roadLinesIn } from '../../geo/road/road-lines.js';
import type { RoadNetwork } from '../../geo/road/road-network.js';

/** Three segments: one inside the box, one crossing its edge, one far away. */
function network(): RoadNetwork {
  const points = [
    [43.73, 7.41],
    [43.731, 7.411],
    [43.739, 7.419],
    [43.741, 7.421],
    [43.742, 7.422],
    [44.5, 8.5],
    [44.6, 8.6],
  ];
  return {
    vertexCount: 6,
    segmentCount: 3,
    segmentFrom: Int32Array.from([0, 2, 4]),
    segmentTo: Int32Array.from([1, 3, 5]),
    segmentWayId: Float64Array.from([1, 2, 3]),
    geometryFirst: Int32Array.from([0, 2, 5, 7]),
    geometryLatE7: Int32Array.from(points.map(([lat]) => Math.round(lat! * 1e7))),
    geometryLonE7: Int32Array.from(points.map(([, lon]) => Math.round(lon! * 1e7))),
    profiles: {} as RoadNetwork['profiles'],
  };
}

describe('road lines in a box', () => {
  const box = { south: 43.72, west: 7.4, north: 43.74, east: 7.42 };

  it('answers every segment that meets the box with its whole geometry, and no other', () => {
    expect(roadLinesIn(network(), box, 100)).toEqual({
      lines: [
        [43.73, 7.41, 43.731, 7.411],
        [43.739, 7.419, 43.741, 7.421, 43.742, 7.422],
      ],
      truncated: false,
    });
  });

  it('stops before the point budget and says so', () => {
    expect(roadLinesIn(network(), box, 4)).toEqual({ lines: [[43.73, 7.41, 43.731, 7.411]], truncated: true });
  });

  it('answers nothing for a box with no road', () => {
    expect(roadLinesIn(network(), { south: 0, west: 0, north: 1, east: 1 }, 100)).toEqual({ lines: [], truncated: false });
  });
});
