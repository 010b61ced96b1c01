/**
 * `simex serve --market`: what the choice needs before the server starts (the agents' file read,
 * the flow checked from end to end and its instruments taken), and the function that starts the
 * market on the served venue. A problem is a one-line message (exit 2), found before serving.
 */
import { readFile } from 'node:fs/promises';
import { Venue, type InstrumentSpec } from '../../../src/index.js';
import { openFlowFile } from '../../flow/arrow/flow-file.js';
import { ScenarioSyntaxError } from '../../flow/index.js';
import { asFileError, requireInputFile } from '../../file-errors.js';
import { agentConfigOf, DEFAULT_AGENT_CONFIG } from './agent-config.js';
import { AgentMarket } from './agent-market.js';
import { FlowMarket } from './flow-market.js';
import { startMarket, type RunningMarket } from './market-runner.js';
import type { MarketHooks } from './market-venue.js';
import type { Scheduler } from './scheduler.js';

export type MarketChoice =
  | { readonly kind: 'none' }
  | { readonly kind: 'agents'; readonly seed: number; readonly agentsFile?: string }
  | {
      readonly kind: 'flow';
      readonly file: string;
      readonly speed: number;
      readonly loop: boolean;
    };

export interface MarketPlan {
  /** The flow's instrument directives; undefined: the default venue. */
  readonly instruments?: readonly InstrumentSpec[];
  /** Whether a new venue gets the frozen demo ladder (only without a market). */
  readonly demoLiquidity: boolean;
  /** For the start-up banner. */
  readonly description: string;
  /** Starts the market on the venue; throws when the venue cannot take it (a journal's other instruments). */
  readonly start?: (venue: Venue, hooks: MarketHooks) => RunningMarket;
}

export async function planMarket(
  choice: MarketChoice,
  scheduler: Scheduler,
  log: (line: string) => void,
): Promise<MarketPlan | { error: string }> {
  try {
    if (choice.kind === 'none') {
      return { demoLiquidity: true, description: 'none: the demo book, which does not move' };
    }
    if (choice.kind === 'agents') return await planAgents(choice, scheduler, log);
    return await planFlow(choice, scheduler, log);
  } catch (error) {
    if (error instanceof ScenarioSyntaxError) return { error: error.message };
    const fileError = asFileError(error);
    if (fileError !== null) return { error: fileError.message };
    throw error;
  }
}

async function planAgents(
  choice: Extract<MarketChoice, { kind: 'agents' }>,
  scheduler: Scheduler,
  log: (line: string) => void,
): Promise<MarketPlan | { error: string }> {
  let config = DEFAULT_AGENT_CONFIG;
  const file = choice.agentsFile;
  if (file !== undefined) {
    requireInputFile(file);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      return { error: `${file}: not JSON: ${error.message}` };
    }
    const parsed = agentConfigOf(json);
    if ('error' in parsed) return { error: `${file}: ${parsed.error}` };
    config = parsed;
  }
  const { seed } = choice;
  const source = file === undefined ? 'default parameters' : `parameters from ${file}`;
  return {
    demoLiquidity: false,
    description: `agents (seed ${seed}, ${source})`,
    start: (venue, hooks) => {
      const agents = new AgentMarket({ venue, config, seed, start: scheduler.now(), hooks });
      return startMarket(agents, scheduler, log);
    },
  };
}

async function planFlow(
  choice: Extract<MarketChoice, { kind: 'flow' }>,
  scheduler: Scheduler,
  log: (line: string) => void,
): Promise<MarketPlan | { error: string }> {
  const { file, speed, loop } = choice;
  requireInputFile(file);
  const scenario = await openFlowFile(file);
  let rows = 0;
  try {
    for await (const _ of scenario.rows) rows++;
  } finally {
    scenario.close();
  }
  const instruments = scenario.instruments.length > 0 ? scenario.instruments : undefined;
  const created = Venue.create({ clock: () => 0, ...(instruments && { instruments }) });
  if (!created.ok) return { error: `${file}: ${created.error.message}` };
  const symbols = created.value.instruments().map((instrument) => instrument.symbol);
  return {
    ...(instruments && { instruments }),
    demoLiquidity: false,
    description: `the flow ${file} (${count(rows, 'row')}) at speed ${speed}${loop ? ', looping' : ''}`,
    start: (venue, hooks) => {
      const served = venue.instruments().map((instrument) => instrument.symbol);
      if (served.join() !== symbols.join())
        throw new Error(
          `the journal lists ${served.join(', ')}, the flow ${file} ${symbols.join(', ')}: start a new journal`,
        );
      const flow = new FlowMarket({
        venue,
        open: () => openFlowFile(file),
        speed,
        loop,
        start: scheduler.now(),
        hooks,
      });
      const running = startMarket(flow, scheduler, log);
      void running.done.then(() => {
        if (flow.passes > 0 && !loop)
          log(
            `market: the flow ${file} ended: ${count(flow.rowsApplied, 'row')} applied, ${flow.rowsRefused} refused`,
          );
      });
      return running;
    },
  };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
