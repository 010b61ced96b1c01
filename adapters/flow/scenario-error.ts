import { InputError } from '../input-error.js';

/** A malformed scenario file (`file:line:column: reason`). */
export class ScenarioSyntaxError extends InputError {}

/** What a scenario reader adds when the flow's first column is an L2 flow's (docs/l2.md). */
export function l2FlowHint(column: string | undefined): string {
  return column === 'exchange_ts'
    ? '; this is an L2 flow (docs/l2.md): simex backtest and simex sweep read it with --queue-model'
    : '';
}
