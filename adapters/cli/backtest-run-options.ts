import {
  DEFAULT_ACCOUNT,
  DEFAULT_HOOK_TIMEOUT,
  DEFAULT_MAX_MEMORY,
  DEFAULT_SAMPLE,
} from '../runs/backtest/backtest-defaults.js';

/** The options of one backtest run beyond its strategy, data and params: backtest and sweep share them. */
export const BACKTEST_RUN_OPTIONS = {
  'queue-model': {
    type: 'string',
    describe:
      'The data is an L2 flow (levels and trades, docs/l2.md), fed under this queue model: ' +
      'risk_averse, power:<n>, log or strategy',
  },
  'market-impact': {
    type: 'string',
    describe:
      'full (default): the strategy takes liquidity the flow then lacks; none: a flow order ' +
      "that traded with the strategy also takes that size from the flow's own orders",
  },
  latency: {
    type: 'string',
    default: '0',
    describe:
      "Delay of the strategy's orders, cancels and amends reaching the venue: a latency " +
      'spec, 5 (ms), 5ms, 1s, lognormal:median=5,sigma=0.5[,spike=0.01x20] or file:PATH.csv[#column]',
  },
  'latency-entry': {
    type: 'string',
    describe: 'Latency spec of new orders (default --latency)',
  },
  'latency-cancel': {
    type: 'string',
    describe: 'Latency spec of cancels (default --latency)',
  },
  'latency-amend': {
    type: 'string',
    describe: 'Latency spec of amends and reduces (default --latency)',
  },
  'latency-response': {
    type: 'string',
    describe: 'Latency spec of the venue answers: acknowledgements, fills, refusals (default 0)',
  },
  'latency-feed': {
    type: 'string',
    describe:
      "Latency spec of market data: trades and book changes (default 0); data: an L2 flow's own (local time - exchange time)",
  },
  'latency-order': {
    type: 'string',
    default: 'fifo',
    describe:
      'fifo: actions reach the venue in the order sent; overtake: each after its own latency',
  },
  'latency-seed': {
    type: 'string',
    default: '0',
    describe: 'Seed of the lognormal latency draws',
  },
  'maker-fee': {
    type: 'string',
    default: '0',
    describe: 'Maker fee rate; negative is a rebate',
  },
  'taker-fee': { type: 'string', default: '0', describe: 'Taker fee rate' },
  interval: {
    type: 'string',
    describe: 'Call onTimer this often (e.g. 1s); default never',
  },
  sample: {
    type: 'string',
    default: DEFAULT_SAMPLE,
    describe: 'Sample equity this often, for equity.csv, drawdown, Sharpe and Sortino',
  },
  account: {
    type: 'string',
    default: DEFAULT_ACCOUNT,
    describe: "The strategy's account",
  },
  'hook-timeout': {
    type: 'string',
    describe: `A strategy hook (its constructor, its module's loading) running longer fails the run (or the sweep's combination; the sweep, for the loading), e.g. 200ms, 30s (default ${DEFAULT_HOOK_TIMEOUT})`,
  },
  'max-memory': {
    type: 'string',
    describe: `Memory limit of a run's heap in MB (in a sweep, of each worker); a run that needs more fails (default ${DEFAULT_MAX_MEMORY})`,
  },
} as const;
