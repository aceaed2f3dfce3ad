/**
 * The three smallest values offered since the last `reset`, each with the id that offered it (-1
 * while there is none). A tie keeps the value offered first. For scans that want the best place
 * and its runners-up: regret insertion prices the gaps to them, territory balancing finds borders.
 */
export class SmallestThree {
  first = Infinity;
  second = Infinity;
  third = Infinity;
  firstId = -1;
  secondId = -1;
  thirdId = -1;

  reset(): void {
    this.first = this.second = this.third = Infinity;
    this.firstId = this.secondId = this.thirdId = -1;
  }

  offer(value: number, id: number): void {
    if (value < this.first) {
      this.third = this.second;
      this.thirdId = this.secondId;
      this.second = this.first;
      this.secondId = this.firstId;
      this.first = value;
      this.firstId = id;
    } else if (value < this.second) {
      this.third = this.second;
      this.thirdId = this.secondId;
      this.second = value;
      this.secondId = id;
    } else if (value < this.third) {
      this.third = value;
      this.thirdId = id;
    }
  }
}
