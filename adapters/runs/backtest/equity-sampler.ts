/**
 * Equity (net PnL: realized + unrealized - fees) sampled every `--sample` ms from the first
 * event, plus once at the last event: per symbol, and in total per quote currency. Each sample
 * also keeps every symbol's mark price, for the price chart.
 */
import type { SymbolLedger } from './symbol-ledger.js';

export interface EquityScope {
  /** A symbol, or `total <QUOTE>`. */
  readonly name: string;
  readonly quote: string;
  /** The ledgers it sums. */
  readonly ledgers: readonly SymbolLedger[];
  /** One value per sample, money units. */
  readonly equity: bigint[];
}

export class EquitySampler {
  readonly times: number[] = [];
  readonly scopes: EquityScope[];
  readonly marks: (string | null)[][];

  constructor(readonly ledgers: readonly SymbolLedger[]) {
    const quotes = [...new Set(ledgers.map((ledger) => ledger.quote))];
    this.scopes = [
      ...ledgers.map((ledger) => ({
        name: ledger.instrument.symbol,
        quote: ledger.quote,
        ledgers: [ledger],
        equity: [],
      })),
      ...quotes.map((quote) => ({
        name: `total ${quote}`,
        quote,
        ledgers: ledgers.filter((ledger) => ledger.quote === quote),
        equity: [],
      })),
    ];
    this.marks = ledgers.map(() => []);
  }

  get lastTime(): number {
    return this.times[this.times.length - 1] ?? -Infinity;
  }

  sample(time: number): void {
    this.times.push(time);
    const nets = new Map(this.ledgers.map((ledger) => [ledger, ledger.net()]));
    for (const scope of this.scopes) {
      let sum = 0n;
      for (const ledger of scope.ledgers) sum += nets.get(ledger)!;
      scope.equity.push(sum);
    }
    this.ledgers.forEach((ledger, index) => this.marks[index]!.push(ledger.mark));
  }

  /** The scopes that are totals, one per quote currency. */
  totals(): EquityScope[] {
    return this.scopes.filter((scope) => scope.name.startsWith('total '));
  }
}
