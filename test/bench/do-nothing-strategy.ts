/** The benchmark's baseline strategy: no hooks, so the backtest costs only the loop and accounting. */
import type { Strategy } from '../../adapters/runs/backtest/index.js';

export default {} satisfies Strategy;
