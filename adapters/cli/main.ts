#!/usr/bin/env -S node --max-semi-space-size=4
// V8's young generation held at 4 MB a semi-space: left to grow (to 8 MB and more), it is most of
// the growth of a long replay's peak RSS (test/DECISIONS.md, 2026-11-29).
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { backtestCommand } from './backtest-command.js';
import { checkCommand } from './check-command.js';
import { EXIT_CODES, EXIT_CODES_HELP } from '../exit-codes.js';
import { failureReport, watchStdout } from './failure-report.js';
import { convertCommand } from './convert-command.js';
import { generateCommand } from './generate-command.js';
import { importCommand } from './import-command.js';
import { initCommand } from './init-command.js';
import { ownVersion } from './own-version.js';
import { replayCommand } from './replay-command.js';
import { serveCommand } from './serve-command.js';
import { sweepCommand } from './sweep-command.js';
import { UsageError } from './usage-errors.js';

interface YargsInternals {
  getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } };
}

const commands = {
  serve: serveCommand,
  replay: replayCommand,
  check: checkCommand,
  generate: generateCommand,
  backtest: backtestCommand,
  import: importCommand,
  init: initCommand,
  convert: convertCommand,
  sweep: sweepCommand,
};
const args = hideBin(process.argv);
watchStdout(process.stdout, process.stderr);
const cli = yargs(args);
// yargs formats the whole help of the command it runs, for a failure that might follow (about
// 0.1 s of CPU); simex answers a failure with one line (failure-report.ts) and never reads it.
// The same workaround as angular-cli's (angular/angular-cli#34087).
(cli as unknown as YargsInternals).getInternalMethods().getUsageInstance().cacheHelpMessage =
  () => {};
try {
  await cli
    .scriptName('simex')
    .usage('$0 <command> [options]\n\nAn exact, deterministic exchange simulator.')
    .command(serveCommand)
    .command(replayCommand)
    .command(checkCommand)
    .command(generateCommand)
    .command(backtestCommand)
    .command(importCommand)
    .command(initCommand)
    .command(convertCommand)
    .command(sweepCommand)
    .demandCommand(
      1,
      'name a command: serve, replay, check, generate, backtest, sweep, import lobster|tardis|binance, init strategy or convert',
    )
    .strict()
    .fail((message, error) => {
      throw message ? new UsageError(message) : error;
    })
    .epilog(EXIT_CODES_HELP)
    .help()
    .version(ownVersion())
    .parseAsync();
} catch (error) {
  const report = failureReport(error, args, commands);
  process.stderr.write(report.text);
  process.exitCode = EXIT_CODES[report.reason];
}
