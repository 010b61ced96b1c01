/**
 * What a command keeps on disk only while it runs (outputs under temporary names, a compiled
 * strategy), removed when SIGINT (Ctrl-C) or SIGTERM ends the process. Node's default for those
 * signals ends the process at once, without running a `finally` block. The signals are watched
 * only while something is registered, so a command that handles them itself (serve) is left alone.
 */
const cleanups = new Set<() => void>();

function onSignal(signal: NodeJS.Signals): void {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // what one cleanup cannot remove does not keep the next from running
    }
  }
  cleanups.clear();
  unwatch();
  // Node's default again, so the process ends by the signal, as it did before the cleanup.
  process.kill(process.pid, signal);
}

function unwatch(): void {
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
}

/**
 * Runs `cleanup` if SIGINT or SIGTERM ends the process before the returned function is called.
 * Signals reach the main thread only: what a worker thread writes, its main thread registers.
 */
export function removeOnInterrupt(cleanup: () => void): () => void {
  if (cleanups.size === 0) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  cleanups.add(cleanup);
  return () => {
    if (cleanups.delete(cleanup) && cleanups.size === 0) unwatch();
  };
}

/**
 * `batches` with a turn of the event loop before each next one: a signal reaches its handler only
 * there, and a run whose batches are already read (an Arrow file, a CSV parsed ahead) would
 * otherwise not get there before its end.
 */
export async function* withSignalTurns<Batch>(
  batches: AsyncIterable<Batch>,
): AsyncGenerator<Batch, void, undefined> {
  for await (const batch of batches) {
    yield batch;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
