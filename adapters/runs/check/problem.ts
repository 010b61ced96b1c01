/** A broken invariant: its number and a one-line message. */
export interface Problem {
  readonly invariant: number;
  readonly message: string;
}

export function fail(invariant: number, message: string): Problem {
  return { invariant, message };
}
