/** The defaults of a backtest's options that the command line shows in its help. */
export const DEFAULT_ACCOUNT = 'strategy';
export const DEFAULT_SAMPLE = '1m';
export const DEFAULT_HOOK_TIMEOUT = '10s';
/** MB: what Node gives a heap on a 64-bit machine with enough memory. */
export const DEFAULT_MAX_MEMORY = '4096';
