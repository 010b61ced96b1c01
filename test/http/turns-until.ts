/**
 * Resolves once `done()` holds, checking it at every turn of the event loop; rejects, naming
 * `what`, once `ms` milliseconds have passed without it (well before the test's own timeout).
 */
export async function turnsUntil(done: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
