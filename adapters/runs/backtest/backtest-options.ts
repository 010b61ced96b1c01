/** The command line of `simex backtest`, checked: every bad value is a one-line reason. */
import type { BacktestConfig } from './backtest-config.js';
import { parseDuration } from './duration.js';
import { parseLatency, type LatencyArguments } from './latency/latency-options.js';
import { parseFeeRate } from './money.js';
import { ParamValues, parseParamPairs } from './strategy-params.js';
import { parseQueueModel, type QueueModel } from '../../flow/l2/queue-model.js';
import {
  DEFAULT_ACCOUNT,
  DEFAULT_HOOK_TIMEOUT,
  DEFAULT_MAX_MEMORY,
  DEFAULT_SAMPLE,
} from './backtest-defaults.js';

export interface BacktestArguments extends LatencyArguments {
  readonly strategy: string;
  readonly data: string;
  readonly out?: string | undefined;
  readonly param?: readonly string[] | undefined;
  readonly makerFee?: string | undefined;
  readonly takerFee?: string | undefined;
  readonly interval?: string | undefined;
  readonly sample?: string | undefined;
  readonly account?: string | undefined;
  readonly hookTimeout?: string | undefined;
  readonly maxMemory?: string | undefined;
  /** Given: the data is an L2 flow, fed under this queue model (docs/l2.md). */
  readonly queueModel?: string | undefined;
  /** `full` (default) or `none`: see BacktestConfig.marketImpact. */
  readonly marketImpact?: string | undefined;
}

/** The guard on a run in a worker thread (hook-guard.ts). */
export interface RunLimits {
  /** A call into the strategy (a hook, its constructor, its module's loading) running longer ends the run. */
  readonly hookTimeoutMs: number;
  /** As given, for messages (`10s`). */
  readonly hookTimeout: string;
  /** The run's heap limit (the worker's old generation), in MB. */
  readonly maxMemoryMb: number;
}

export interface BacktestOptions {
  readonly strategyFile: string;
  readonly dataFile: string;
  readonly out: string | null;
  readonly config: BacktestConfig;
  readonly limits: RunLimits;
  /** Non-null: the data is an L2 flow; `strategy`: the strategy's queueShare. */
  readonly queueModel: QueueModel | 'strategy' | null;
}

const ACCOUNT = /^[A-Za-z0-9_-]{1,64}$/;
const MEGABYTES = /^[1-9][0-9]{1,6}$/;

export function parseBacktestOptions(args: BacktestArguments): BacktestOptions | string {
  const duration = (name: string, text: string, minimum: number): number | string => {
    const ms = parseDuration(text);
    if (ms === null)
      return `--${name} must be a duration in ms, or with a unit: 250, 250ms, 5s, 1m, 2h; got "${text}"`;
    return ms < minimum ? `--${name} must be at least ${minimum} ms` : ms;
  };
  const latency = parseLatency(args);
  if (typeof latency === 'string') return latency;
  const sample = duration('sample', args.sample ?? DEFAULT_SAMPLE, 1);
  if (typeof sample === 'string') return sample;
  const interval = args.interval === undefined ? null : duration('interval', args.interval, 1);
  if (typeof interval === 'string') return interval;
  const maker = parseFeeRate(args.makerFee ?? '0');
  if (maker === null)
    return `--maker-fee must be a decimal rate such as 0.001 or -0.0002; got "${args.makerFee}"`;
  const taker = parseFeeRate(args.takerFee ?? '0');
  if (taker === null)
    return `--taker-fee must be a decimal rate such as 0.002; got "${args.takerFee}"`;
  const account = args.account ?? DEFAULT_ACCOUNT;
  if (!ACCOUNT.test(account)) return `--account must be 1-64 of A-Z a-z 0-9 _ -; got "${account}"`;
  const params = parseParamPairs(args.param ?? []);
  if (typeof params === 'string') return params;
  if (args.out === '') return '--out must name a directory';
  const hookTimeout = args.hookTimeout ?? DEFAULT_HOOK_TIMEOUT;
  const hookTimeoutMs = duration('hook-timeout', hookTimeout, 1);
  if (typeof hookTimeoutMs === 'string') return hookTimeoutMs;
  const maxMemory = args.maxMemory ?? DEFAULT_MAX_MEMORY;
  if (!MEGABYTES.test(maxMemory))
    return `--max-memory must be a whole number of MB from 10 to 9999999; got "${maxMemory}"`;
  const queueModel =
    args.queueModel === undefined
      ? null
      : args.queueModel === 'strategy'
        ? 'strategy'
        : parseQueueModel(args.queueModel);
  if (typeof queueModel === 'string' && queueModel !== 'strategy')
    return `--queue-model ${queueModel}`;
  const marketImpact = args.marketImpact ?? 'full';
  if (marketImpact !== 'full' && marketImpact !== 'none')
    return `--market-impact must be full or none; got "${marketImpact}"`;
  return {
    strategyFile: args.strategy,
    dataFile: args.data,
    out: args.out ?? null,
    queueModel,
    config: {
      account,
      latency,
      intervalMs: interval,
      sampleMs: sample,
      fees: { maker, taker },
      params: new ParamValues(params),
      marketImpact,
    },
    limits: { hookTimeoutMs, hookTimeout, maxMemoryMb: Number(maxMemory) },
  };
}
