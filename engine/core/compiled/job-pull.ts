/**
 * A soft pull of the jobs of each vehicle type toward a point of its own (the driver centroids of
 * engine/evaluate/centroid-pull.ts): a type with weight w and centre c charges, per job it serves,
 * w · ((north − c.north)² + eastScale · (east − c.east)²). Plain data, like the instance it rides in.
 */
export interface JobPull {
  /** Per node: km north and east of a reference point (unused for depots). */
  readonly north: Float64Array;
  readonly east: Float64Array;
  /** Per vehicle type: US$ per km², 0 = no pull. */
  readonly weight: Float64Array;
  readonly centreNorth: Float64Array;
  readonly centreEast: Float64Array;
  readonly eastScale: Float64Array;
}
