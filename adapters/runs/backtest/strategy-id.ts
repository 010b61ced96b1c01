/** The strategy's order ids, `s<n>` with n from 1 (place() hands them out in turn). */

export function strategyId(n: number): string {
  return `s${n}`;
}

/** The n of an id `s<n>`; -1 for any other string. */
export function strategyIdNumber(id: string): number {
  if (typeof id !== 'string' || id.length < 2 || id.length > 16 || id.charCodeAt(0) !== 115)
    return -1;
  let n = 0;
  for (let i = 1; i < id.length; i++) {
    const digit = id.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9 || (digit === 0 && i === 1)) return -1;
    n = n * 10 + digit;
  }
  return n;
}
