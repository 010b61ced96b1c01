/** The defaults of a backtest's options that the command line shows in its help. */
export const DEFAULT_ACCOUNT = 'strategy';
export const DEFAULT_SAMPLE = '1m';
