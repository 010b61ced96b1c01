import type { Scheduler } from './scheduler.js';

/** A market source: runs on the scheduler until it ends or the signal is aborted. */
export interface MarketSource {
  run(scheduler: Scheduler, signal: AbortSignal): Promise<void>;
}

export interface RunningMarket {
  /** Settles when the source ends (a flow without --loop) or is stopped. */
  readonly done: Promise<void>;
  /** Stops the source; resolves once it has stopped acting. */
  stop(): Promise<void>;
}

/** Starts `source`; a failure (a bug) is logged and stops the market, never the server. */
export function startMarket(
  source: MarketSource,
  scheduler: Scheduler,
  log: (line: string) => void = () => {},
): RunningMarket {
  const controller = new AbortController();
  const done = source.run(scheduler, controller.signal).catch((error: unknown) => {
    log(`market stopped: ${error instanceof Error ? error.message : String(error)}`);
  });
  return {
    done,
    stop: () => {
      controller.abort();
      return done;
    },
  };
}
