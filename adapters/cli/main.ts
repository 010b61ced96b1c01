#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { backtestCommand } from './backtest-command.js';
import { checkCommand } from './check-command.js';
import { convertCommand } from './convert-command.js';
import { generateCommand } from './generate-command.js';
import { importCommand } from './import-command.js';
import { replayCommand } from './replay-command.js';
import { serveCommand } from './serve-command.js';

await yargs(hideBin(process.argv))
  .scriptName('simex')
  .usage('$0 <command> [options]\n\nAn exact, deterministic exchange simulator.')
  .command(serveCommand)
  .command(replayCommand)
  .command(checkCommand)
  .command(generateCommand)
  .command(backtestCommand)
  .command(importCommand)
  .command(convertCommand)
  .demandCommand(1, 'Name a command; see simex --help.')
  .strict()
  .help()
  .version()
  .parseAsync();
