/**
 * Usage errors (unknown or missing options, bad values) as one line that names the first problem,
 * with a "did you mean" hint when a known name is close to a mistyped one.
 */
import yargs, { type Argv } from 'yargs';

/** What the error report needs of a yargs command module. */
export interface CommandShape {
  readonly command?: string | readonly string[] | undefined;
  readonly builder?: unknown;
  /** A command of subcommands (`import lobster`): each by its name. */
  readonly subcommands?: Readonly<Record<string, CommandShape>>;
}

export class UsageError extends Error {}

/** Lowercase kebab-case, so `--makerFee` and `--maker-fee` compare equal. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The options a command accepts (its builder's, plus --help and --version), kebab-case. */
export function optionNames(command: CommandShape | null): string[] {
  const argv = yargs([]).help().version();
  const built =
    command !== null && typeof command.builder === 'function'
      ? ((command.builder as (yargs: Argv) => unknown)(argv) as Argv)
      : argv;
  const { key } = (
    built as unknown as { getOptions(): { key: Record<string, unknown> } }
  ).getOptions();
  return [...new Set(Object.keys(key).map(kebab))];
}

/** The flags in `args` that none of `known` names (`--no-x` counts as `x`); values are skipped. */
export function unknownFlags(args: readonly string[], known: readonly string[]): string[] {
  const unknown: string[] = [];
  for (const arg of args) {
    if (arg === '--') break;
    const flag = /^--?([A-Za-z][^=]*)/.exec(arg)?.[1];
    if (flag === undefined) continue;
    const name = kebab(flag);
    if (!known.includes(name) && !known.includes(name.replace(/^no-/, ''))) unknown.push(arg);
  }
  return unknown;
}

/**
 * The candidate closest to `word` by edit distance, when it is close enough to be a typo; else the
 * first candidate `word` abbreviates.
 */
export function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance <= bestDistance && (best === null || distance < bestDistance)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best ?? candidates.find((candidate) => candidate.startsWith(word)) ?? null;
}

/** `unknown option --seeed (did you mean --seed?)` for the first unknown flag. */
export function unknownFlagMessage(flag: string, known: readonly string[]): string {
  const name = kebab(/^--?([^=]*)/.exec(flag)![1]!);
  const guess = closest(name, known);
  const shown = flag.split('=')[0];
  return `unknown option ${shown}${guess === null ? '' : ` (did you mean --${guess}?)`}`;
}

/** Edit distance where a swap of two neighbours counts one (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!;
      const above = rows[i - 1]!;
      row[j] = Math.min(
        above[j]! + 1,
        row[j - 1]! + 1,
        above[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}
