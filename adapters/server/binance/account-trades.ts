import type { TradeRecord } from '../../../src/index.js';

/** One side of a trade, as the account that made it sees it. */
export interface AccountTrade {
  readonly trade: TradeRecord;
  readonly orderId: string;
  readonly buyer: boolean;
  readonly maker: boolean;
}

/** Trades kept per account: `myTrades` answers from the newest this many. */
export const ACCOUNT_TRADES = 10_000;

/**
 * The trades of the accounts that have API keys, newest last, each account's bounded: what
 * `GET /api/v3/myTrades` reads (the venue's own tape keeps the last trades per symbol only).
 */
export class AccountTrades {
  readonly #byAccount = new Map<string, AccountTrade[]>();

  constructor(accounts: Iterable<string>) {
    for (const account of accounts) this.#byAccount.set(account, []);
  }

  add(trade: TradeRecord): void {
    this.#push(trade.makerAccount, {
      trade,
      orderId: trade.makerOrderId,
      buyer: trade.side === 'sell',
      maker: true,
    });
    this.#push(trade.takerAccount, {
      trade,
      orderId: trade.takerOrderId,
      buyer: trade.side === 'buy',
      maker: false,
    });
  }

  of(account: string): readonly AccountTrade[] {
    return this.#byAccount.get(account) ?? [];
  }

  #push(account: string, entry: AccountTrade): void {
    const trades = this.#byAccount.get(account);
    if (trades === undefined) return;
    trades.push(entry);
    if (trades.length > ACCOUNT_TRADES * 1.25) trades.splice(0, trades.length - ACCOUNT_TRADES);
  }
}
