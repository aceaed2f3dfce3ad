/** Wall-clock limit checked from inner loops; `performance.now()` is cheap enough to call per move. */
export class Deadline {
  private readonly end: number;

  constructor(milliseconds: number) {
    this.end = performance.now() + milliseconds;
  }

  expired(): boolean {
    return performance.now() >= this.end;
  }
}
