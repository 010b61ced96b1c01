/** `simex serve --market`: a moving market on the served venue (docs/market.md). */
export { AgentMarket, type AgentMarketOptions } from './agent-market.js';
export { agentConfigOf, DEFAULT_AGENT_CONFIG, type AgentConfig } from './agent-config.js';
export { FlowMarket, type FlowMarketOptions } from './flow-market.js';
export { startMarket, type MarketSource, type RunningMarket } from './market-runner.js';
export { planMarket, type MarketChoice, type MarketPlan } from './market-plan.js';
export type { MarketCommand, MarketHooks } from './market-venue.js';
export { wallClockScheduler, type Scheduler } from './scheduler.js';
