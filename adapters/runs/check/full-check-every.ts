/** Rows between two full comparisons of the whole state under --check, by default. */
export const DEFAULT_FULL_CHECK_EVERY = 100_000;
