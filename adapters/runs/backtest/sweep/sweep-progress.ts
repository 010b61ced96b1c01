/** A one-line progress bar with an ETA on stderr, on a terminal only: combinations done of all. */

export interface SweepProgress {
  tick(): void;
  done(): void;
}

export function sweepProgress(
  total: number,
  stream: { write(text: string): unknown; isTTY?: boolean },
): SweepProgress | null {
  if (stream.isTTY !== true || total === 0) return null;
  const started = performance.now();
  let completed = 0;
  const draw = () => {
    const width = 30;
    const filled = Math.round((completed / total) * width);
    const elapsed = (performance.now() - started) / 1000;
    const eta = completed === 0 ? '?' : duration((elapsed / completed) * (total - completed));
    const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
    const percent = ((completed / total) * 100).toFixed(0).padStart(3);
    stream.write(`\r[${bar}] ${percent}% ${completed}/${total} combinations, ETA ${eta} `);
  };
  draw();
  return {
    tick() {
      completed++;
      draw();
    },
    done() {
      stream.write('\n');
    },
  };
}

function duration(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  return minutes < 60
    ? `${minutes}m ${String(whole % 60).padStart(2, '0')}s`
    : `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}
