/**
 * The market's commands onto the served venue: every accepted one is reported (the server's
 * journal records it), and an account is cleared of its open orders before the market first acts
 * for it (after a journal replay, the previous run's market orders would otherwise stay forever).
 */
import type { AmendRequest, OrderRecord, OrderRequest, Result, Venue } from '../../../src/index.js';

/** A command the venue accepted from the market, in the shape the server's journal records. */
export type MarketCommand =
  | { readonly action: 'new'; readonly order: OrderRecord }
  | { readonly action: 'cancel'; readonly order: OrderRecord; readonly at: number }
  | {
      readonly action: 'reduce';
      readonly order: OrderRecord;
      readonly at: number;
      readonly size: string;
    }
  | {
      readonly action: 'amend';
      readonly order: OrderRecord;
      readonly at: number;
      readonly request: AmendRequest;
    };

export interface MarketHooks {
  /** Every command the venue accepted from the market. */
  readonly onAccepted?: (command: MarketCommand) => void;
  /** False while the market must not act (the journal cannot be written): its actions are skipped. */
  readonly acceptsWrites?: () => boolean;
}

export class MarketVenue {
  readonly #claimed = new Set<string>();

  constructor(
    readonly venue: Venue,
    readonly hooks: MarketHooks = {},
  ) {}

  get acceptsWrites(): boolean {
    return this.hooks.acceptsWrites?.() ?? true;
  }

  place(request: OrderRequest): Result<OrderRecord> {
    this.claim(request.account);
    const placed = this.venue.placeOrder(request);
    if (placed.ok) this.hooks.onAccepted?.({ action: 'new', order: placed.value });
    return placed;
  }

  cancel(account: string, id: string): Result<OrderRecord> {
    const cancelled = this.venue.cancelOrder(account, id);
    if (cancelled.ok)
      this.hooks.onAccepted?.({
        action: 'cancel',
        order: cancelled.value,
        at: this.venue.commandTime(),
      });
    return cancelled;
  }

  /** A command already applied by someone else (the scenario driver), reported like the others. */
  report(command: MarketCommand): void {
    this.hooks.onAccepted?.(command);
  }

  /** Cancels the account's open orders the first time the market acts for it. */
  claim(account: string): void {
    if (this.#claimed.has(account)) return;
    this.#claimed.add(account);
    for (const status of ['open', 'partially_filled', 'pending'] as const) {
      const listed = this.venue.listOrders(account, { status });
      for (const order of listed.ok ? listed.value : []) this.cancel(account, order.id);
    }
  }
}
