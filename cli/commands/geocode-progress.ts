import type { GeocodeBatchProgress } from '../../workflows/contract.js';

const width = 30;

/** A one-line progress bar on a terminal (standard error); silent otherwise, so scripts get clean output. */
export class ProgressBar {
  private readonly tty = Boolean(process.stderr.isTTY);

  update(progress: GeocodeBatchProgress): void {
    if (!this.tty) return;
    const share = progress.addresses ? progress.processed / progress.addresses : 1;
    const filled = Math.round(share * width);
    const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
    process.stderr.write(
      `\r[${bar}] ${progress.processed}/${progress.addresses}  geocoded ${progress.geocoded}  failed ${progress.failed}`,
    );
  }

  done(): void {
    if (this.tty) process.stderr.write('\n');
  }
}
