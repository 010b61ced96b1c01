/**
 * `simex sweep merge DIR... --out DIR`: the results.json of every shard of one sweep, joined and
 * written as the single run would have written them (same three files, same bytes). Refused: a
 * directory that is not a shard, shards of different sweeps or of different counts, a shard
 * missing or given twice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asFileError } from '../../../file-errors.js';
import type { CombinationResult, Metrics } from './ranking.js';
import { outcome, type SweepOutcome } from './run-sweep.js';
import { writeSweepOutputs, type SweepHeader } from './sweep-outputs.js';
import { parseShard } from './selection.js';

interface ShardFile {
  readonly sweep: SweepHeader;
  readonly shard: string;
  readonly results: readonly {
    readonly combination: number;
    readonly params: Record<string, string>;
    readonly metrics: Metrics | null;
    readonly out_of_sample?: Metrics | null;
    readonly error: string | null;
  }[];
}

export function mergeShards(dirs: readonly string[], out: string): SweepOutcome | string {
  const shards: ShardFile[] = [];
  const seen = new Map<number, string>();
  let count: number | null = null;
  for (const dir of dirs) {
    const file = join(dir, 'results.json');
    const shard = readShard(file);
    if (typeof shard === 'string') return shard;
    const where = parseShard(shard.shard);
    if (typeof where === 'string') return `${file}: its shard "${shard.shard}" is malformed`;
    count ??= where.count;
    if (where.count !== count)
      return `${file}: shard ${shard.shard} is not one of ${count} shards, as ${dirs[0]} is`;
    if (JSON.stringify(shard.sweep) !== JSON.stringify(shards[0]?.sweep ?? shard.sweep))
      return `${file}: a shard of another sweep than ${dirs[0]} (its "sweep" differs)`;
    if (seen.has(where.index))
      return `${file}: shard ${shard.shard} is given twice (also in ${seen.get(where.index)})`;
    seen.set(where.index, dir);
    shards.push(shard);
  }
  const missing = Array.from({ length: count ?? 0 }, (_, index) => index).filter(
    (index) => !seen.has(index),
  );
  if (missing.length > 0)
    return `shard${missing.length > 1 ? 's' : ''} ${missing.map((index) => `${index}/${count}`).join(', ')} missing`;
  const header = shards[0]!.sweep;
  const results: CombinationResult[] = shards.flatMap((shard) =>
    shard.results.map((result) => ({
      combination: result.combination,
      params: result.params,
      metrics: result.metrics,
      outOfSample: result.out_of_sample ?? null,
      error: result.error,
    })),
  );
  if (results.length !== header.runs)
    return `the shards hold ${results.length} combinations; the sweep runs ${header.runs}`;
  return outcome(header, writeSweepOutputs(out, header, null, results));
}

function readShard(file: string): ShardFile | string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const fileError = asFileError(error, file);
    if (fileError === null) throw error;
    return `${fileError.message}: not a sweep's output directory`;
  }
  let shard: Partial<ShardFile> | null;
  try {
    shard = JSON.parse(text) as Partial<ShardFile> | null;
  } catch {
    return `${file}: not JSON, so not a sweep's results.json`;
  }
  if (typeof shard?.sweep !== 'object' || !Array.isArray(shard.results))
    return `${file}: not a sweep's results.json`;
  if (typeof shard.shard !== 'string')
    return `${file}: not a shard's results (run the sweep with --shard i/N)`;
  return shard as ShardFile;
}
