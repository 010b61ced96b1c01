/**
 * What the command line prints when a command cannot run or stops on an error: one line naming the
 * problem (a usage error first of all, with a hint), and the exit reason. No stack traces.
 */
import { EXIT_CODES, type ExitReason } from '../exit-codes.js';
import { asFileError } from '../file-errors.js';
import {
  closest,
  optionNames,
  unknownFlagMessage,
  unknownFlags,
  UsageError,
  type CommandShape,
} from './usage-errors.js';

export interface FailureReport {
  readonly text: string;
  readonly reason: ExitReason;
}

export function failureReport(
  error: unknown,
  args: readonly string[],
  commands: Readonly<Record<string, CommandShape>>,
): FailureReport {
  const words = args.filter((arg) => !arg.startsWith('-'));
  const word = words[0];
  const name = word !== undefined && Object.hasOwn(commands, word) ? word : null;
  const parent = name === null ? null : commands[name]!;
  const subcommands = parent?.subcommands;
  const sub = words[1];
  const subName =
    subcommands !== undefined && sub !== undefined && Object.hasOwn(subcommands, sub) ? sub : null;
  const command = subName === null ? parent : subcommands![subName]!;
  const prefix =
    name === null ? 'simex' : `simex ${subName === null ? name : `${name} ${subName}`}`;
  if (error instanceof UsageError) {
    const known = optionNames(command);
    const [flag] = unknownFlags(args, known);
    let message = usageMessage(
      error.message,
      command,
      subName === null ? 'simex' : `simex ${name}`,
    );
    if (flag !== undefined) message = unknownFlagMessage(flag, known);
    else if (name === null && word !== undefined) {
      const guess = closest(word, Object.keys(commands));
      message = `unknown command "${word}"${guess === null ? '' : ` (did you mean ${guess}?)`}`;
    }
    return {
      text: `${prefix}: ${message}\nSee "${prefix} --help".\n`,
      reason: 'bad_input',
    };
  }
  const fileError = asFileError(error);
  if (fileError !== null) return { text: `${prefix}: ${fileError.message}\n`, reason: 'bad_input' };
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const stack = process.env['SIMEX_DEBUG'] && error instanceof Error ? `${error.stack}\n` : '';
  return {
    text: `${prefix}: internal error (a bug in simex; SIMEX_DEBUG=1 shows where): ${detail}\n${stack}`,
    reason: 'internal_error',
  };
}

/** yargs' own messages, reworded to name options the way they are typed. */
function usageMessage(message: string, command: CommandShape | null, parent: string): string {
  const missing = /^Missing required arguments?: (.*)$/.exec(message);
  if (missing !== null)
    return `missing required option ${missing[1]!
      .split(', ')
      .map((key) => `--${key}`)
      .join(', ')}`;
  if (/^Not enough non-option arguments/.test(message) && command !== null)
    return `missing argument; usage: ${parent} ${String(command.command)}`;
  const extra = /^Unknown arguments?: (.*)$/.exec(message);
  if (extra !== null) return `unexpected argument ${extra[1]}`;
  return message.charAt(0).toLowerCase() + message.slice(1);
}

/**
 * A closed stdout (`simex generate | head`) ends the command quietly; any other stdout failure
 * (a full disk) is one line and exit 2.
 */
export function watchStdout(stdout: NodeJS.WriteStream, stderr: NodeJS.WriteStream): void {
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT_CODES.ok);
    const fileError = asFileError(error, 'stdout');
    stderr.write(`simex: ${fileError?.message ?? `stdout: ${error.message}`}\n`);
    process.exit(EXIT_CODES.bad_input);
  });
}
