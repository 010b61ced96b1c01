import { apiError, type ApiError } from './errors.js';

/** What a write gets while the journal cannot be written (a full or failing disk). */
export const JOURNAL_UNAVAILABLE: ApiError = {
  ...apiError(
    'journal_unavailable',
    'the journal cannot be written (disk full or failing); writes resume once it can',
  ),
  headers: { 'retry-after': '1' },
};

/** The journal cannot take rows; `cause` is the file system's error. */
export class JournalUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}
