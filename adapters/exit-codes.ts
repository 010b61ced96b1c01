/**
 * The exit code of every simex command, by reason: the one table the commands (and docs/cli.md)
 * share. A command names the reason, never the number.
 */
export const EXIT_CODES = {
  /** The command did what it was asked. */
  ok: 0,
  /** The run itself failed: a strategy hook threw (backtest), a refused row under --strict (replay). */
  run_failed: 1,
  /** Bad usage or input: an unknown or missing option, a bad value, a file that cannot be read or written, a malformed file. */
  bad_input: 2,
  /** An invariant of the venue was violated (replay --check, check's counterexample). */
  invariant_violated: 3,
  /** A bug in simex: an error nothing expected. */
  internal_error: 4,
} as const;

export type ExitReason = keyof typeof EXIT_CODES;

/** The table as one line for --help. */
export const EXIT_CODES_HELP = `Exit codes: ${Object.entries(EXIT_CODES)
  .map(([reason, code]) => `${code} ${reason}`)
  .join(', ')} (see docs/cli.md).`;
