/**
 * The agents' parameters (docs/market.md): defaults, and a JSON file that overrides some of them.
 * Every value is an integer: prices move in basis points of the instrument's reference price
 * (turned into whole ticks, at least one), sizes are notionals in whole units of the quote currency.
 */
export interface AgentConfig {
  readonly fairValue: {
    readonly intervalMs: number;
    readonly volatilityBps: number;
    readonly reversionPercent: number;
  };
  readonly providers: {
    readonly count: number;
    readonly intervalMs: number;
    readonly levels: number;
    readonly halfSpreadBps: number;
    readonly levelSpacingBps: number;
    readonly levelNotional: number;
  };
  readonly noise: {
    readonly count: number;
    readonly intervalMs: number;
    readonly marketPercent: number;
    readonly minNotional: number;
    readonly maxNotional: number;
    readonly limitOffsetBps: number;
    readonly maxOpenOrders: number;
  };
  readonly momentum: {
    readonly count: number;
    readonly intervalMs: number;
    readonly shortWindow: number;
    readonly longWindow: number;
    readonly thresholdBps: number;
    readonly notional: number;
  };
}

export const DEFAULT_AGENT_CONFIG: AgentConfig = {
  fairValue: { intervalMs: 1000, volatilityBps: 2, reversionPercent: 1 },
  providers: {
    count: 2,
    intervalMs: 1000,
    levels: 10,
    halfSpreadBps: 1,
    levelSpacingBps: 1,
    levelNotional: 5000,
  },
  noise: {
    count: 4,
    intervalMs: 2000,
    marketPercent: 30,
    minNotional: 100,
    maxNotional: 5000,
    limitOffsetBps: 10,
    maxOpenOrders: 5,
  },
  momentum: {
    count: 1,
    intervalMs: 2000,
    shortWindow: 5,
    longWindow: 20,
    thresholdBps: 1,
    notional: 2000,
  },
};

/** [min, max] of each parameter, both inclusive. */
const LIMITS: Record<string, readonly [number, number]> = {
  count: [0, 100],
  intervalMs: [1, 3_600_000],
  volatilityBps: [0, 1000],
  reversionPercent: [0, 100],
  levels: [1, 100],
  halfSpreadBps: [0, 1000],
  levelSpacingBps: [0, 1000],
  levelNotional: [1, 1_000_000_000],
  marketPercent: [0, 100],
  minNotional: [1, 1_000_000_000],
  maxNotional: [1, 1_000_000_000],
  limitOffsetBps: [0, 1000],
  maxOpenOrders: [1, 1000],
  shortWindow: [1, 1000],
  longWindow: [2, 1000],
  thresholdBps: [0, 1000],
  notional: [1, 1_000_000_000],
};

/** The defaults with the overrides of a parsed JSON document; an error is a message. */
export function agentConfigOf(json: unknown): AgentConfig | { error: string } {
  if (!isObject(json)) return { error: 'must be a JSON object' };
  const config: Record<string, Record<string, number>> = {};
  for (const [group, defaults] of Object.entries(DEFAULT_AGENT_CONFIG)) {
    config[group] = { ...(defaults as Record<string, number>) };
  }
  for (const [group, values] of Object.entries(json)) {
    const target = config[group];
    if (target === undefined) return { error: `unknown group ${JSON.stringify(group)}` };
    if (!isObject(values)) return { error: `${group} must be an object` };
    for (const [name, value] of Object.entries(values)) {
      const limits = name in target ? LIMITS[name] : undefined;
      if (limits === undefined) return { error: `unknown parameter ${group}.${name}` };
      const [min, max] = limits;
      if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max)
        return { error: `${group}.${name} must be an integer from ${min} to ${max}` };
      target[name] = value as number;
    }
  }
  const result = config as unknown as AgentConfig;
  if (result.noise.minNotional > result.noise.maxNotional)
    return { error: 'noise.minNotional must not exceed noise.maxNotional' };
  if (result.momentum.shortWindow >= result.momentum.longWindow)
    return { error: 'momentum.shortWindow must be below momentum.longWindow' };
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
