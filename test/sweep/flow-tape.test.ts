/** FlowTape: a worker's first combination reads the flow from its source, the next ones replay it. */
import { describe, expect, it } from 'vitest';
import { FlowTape } from '../../adapters/runs/backtest/sweep/flow-tape.js';

/** A source that counts how many batches were pulled from it, and fails after `failAfter`. */
function source(batches: readonly string[], failAfter = Infinity) {
  const pulled = { count: 0 };
  async function* read(): AsyncGenerator<string> {
    for (const batch of batches) {
      if (pulled.count === failAfter) throw new Error(`bad row after ${batch}`);
      pulled.count++;
      yield batch;
    }
  }
  return { pulled, batches: read() };
}

async function collect(batches: AsyncIterable<string>, stopAt = Infinity): Promise<string[]> {
  const read: string[] = [];
  for await (const batch of batches) {
    read.push(batch);
    if (read.length === stopAt) break;
  }
  return read;
}

describe('FlowTape', () => {
  it('reads the source once, on demand, and replays what it kept', async () => {
    const { pulled, batches } = source(['a', 'b', 'c']);
    const tape = new FlowTape(batches);
    expect(pulled.count).toBe(0);
    expect(await collect(tape.replay(), 2)).toEqual(['a', 'b']);
    expect(pulled.count).toBe(2);
    expect(await collect(tape.replay())).toEqual(['a', 'b', 'c']);
    expect(pulled.count).toBe(3);
    expect(await tape.complete()).toEqual(['a', 'b', 'c']);
    expect(await collect(tape.replay())).toEqual(['a', 'b', 'c']);
  });

  it('completes a source that a reader left half-read', async () => {
    const tape = new FlowTape(source(['a', 'b', 'c']).batches);
    await collect(tape.replay(), 1);
    expect(await tape.complete()).toEqual(['a', 'b', 'c']);
  });

  it("keeps the source's error: every later read ends with it, after the batches before it", async () => {
    const tape = new FlowTape(source(['a', 'b', 'c'], 1).batches);
    const read: string[] = [];
    await expect(collect(tapeInto(tape, read))).rejects.toThrow('bad row after b');
    expect(read).toEqual(['a']);
    await expect(tape.complete()).rejects.toThrow('bad row after b');
    await expect(collect(tape.replay())).rejects.toThrow('bad row after b');
  });
});

async function* tapeInto(tape: FlowTape<string>, read: string[]): AsyncGenerator<string> {
  for await (const batch of tape.replay()) {
    read.push(batch);
    yield batch;
  }
}
