/** The OpenAPI document's component schemas: the records, the request bodies and stream events. */
import {
  ORDER_STATUS_CODES,
  SIDE_CODES,
  STP_CODES,
  TIME_IN_FORCE_CODES,
} from '../../../src/index.js';

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const DECIMAL_PATTERN = '^(0|[1-9][0-9]*)(\\.[0-9]+)?$';
const DECIMAL = ref('Decimal');
const NULLABLE_DECIMAL = ref('NullableDecimal');
const TIME = ref('Timestamp');
export const SYMBOL = ref('InstrumentSymbol');
export const ORDER_ID = ref('OrderId');
const TRADE_ID = ref('TradeId');
const SIDE = ref('Side');
/** A symbol's stream sequence: it counts every event of the symbol. */
const STREAM_SEQUENCE = { type: 'integer', minimum: 1 };
export const ORDER_STATUS = ref('OrderStatus');
export const CLIENT_ORDER_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' };
/** The SSE id: the stream's position in each of its symbols, in the order of `symbols`. */
export const STREAM_ID = ref('StreamId');

const object = (required: readonly string[], properties: Record<string, object>) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

const kind = (description: string, required: string[], properties: Record<string, object>) => ({
  description,
  type: 'object',
  required: ['type', ...required],
  // A kind names each field it requires (ajv's strict mode asks it of every `required`).
  properties: { ...(required.includes('size') && { size: DECIMAL }), ...properties },
});
const LIMIT = { const: 'limit' };
const LIMIT_PRICE = ref('LimitPrice');

export const SCHEMAS = {
  Decimal: {
    type: 'string',
    pattern: DECIMAL_PATTERN,
    description: 'An exact decimal: no sign, exponent or spaces',
  },
  NullableDecimal: { type: ['string', 'null'], pattern: DECIMAL_PATTERN },
  Timestamp: { type: 'string', format: 'date-time', description: 'ISO 8601 UTC with milliseconds' },
  InstrumentSymbol: {
    type: 'string',
    pattern: '^[A-Z0-9]{1,12}-[A-Z0-9]{1,12}$',
    example: 'BTC-USD',
  },
  StreamId: {
    type: 'string',
    pattern: '^[0-9]+:[0-9]+(,[0-9]+)*$',
    description:
      "epoch:s1,s2,...: the stream's position in each of its symbols, in the order of `symbols`",
  },
  OrderId: { type: 'string', pattern: '^ord_[1-9][0-9]*$' },
  TradeId: { type: 'string', pattern: '^t_[1-9][0-9]*$' },
  Side: { type: 'string', enum: SIDE_CODES.names },
  OrderStatus: { type: 'string', enum: ORDER_STATUS_CODES.names },
  LimitPrice: { ...DECIMAL, description: 'The limit price, a multiple of the tick size' },
  ErrorBody: object(['error'], {
    error: object(['code', 'message'], {
      code: { type: 'string', description: "One of the codes the answer's status lists" },
      message: { type: 'string' },
      field: { type: 'string', description: 'The one input at fault, when there is one' },
    }),
  }),
  Ticker: object(
    ['symbol', 'price', 'open_24h', 'high_24h', 'low_24h', 'volume_24h', 'timestamp'],
    {
      symbol: SYMBOL,
      price: {
        ...NULLABLE_DECIMAL,
        description: 'Last trade price (the reference price before any)',
      },
      open_24h: NULLABLE_DECIMAL,
      high_24h: NULLABLE_DECIMAL,
      low_24h: NULLABLE_DECIMAL,
      volume_24h: DECIMAL,
      timestamp: TIME,
    },
  ),
  OrderBook: object(['symbol', 'bids', 'asks', 'timestamp', 'sequence'], {
    symbol: SYMBOL,
    bids: { type: 'array', description: 'Price descending', items: ref('Level') },
    asks: { type: 'array', description: 'Price ascending', items: ref('Level') },
    timestamp: TIME,
    sequence: { type: 'integer', minimum: 0, description: 'Grows with each change of the book' },
  }),
  Level: {
    type: 'array',
    description: '[price, total resting size]',
    prefixItems: [DECIMAL, DECIMAL],
    minItems: 2,
    maxItems: 2,
  },
  Trade: object(['trade_id', 'symbol', 'side', 'price', 'size', 'timestamp'], {
    trade_id: TRADE_ID,
    symbol: SYMBOL,
    side: { ...SIDE, description: "The taker's side" },
    price: DECIMAL,
    size: DECIMAL,
    timestamp: TIME,
  }),
  OrderRequest: {
    description:
      'A new order. No field has a default here (a generated client would require it); each kind takes only the fields the server accepts for it.',
    type: 'object',
    required: ['symbol', 'side', 'type'],
    unevaluatedProperties: false,
    properties: {
      symbol: SYMBOL,
      side: SIDE,
      size: DECIMAL,
      quote_size: {
        ...DECIMAL,
        description:
          'Market buys only, instead of size: the quote to spend; the order buys the whole lots it buys from the asks',
      },
      client_order_id: CLIENT_ORDER_ID,
      stop_price: {
        ...DECIMAL,
        description:
          'Makes the order a stop: it waits as pending until a trade at or above (buy) or at or below (sell) this price',
      },
      stp: {
        type: 'string',
        enum: STP_CODES.names,
        description:
          "Self-trade prevention: what happens when it would trade with an order of the same account. Absent: the venue's setting (none unless set)",
      },
    },
    oneOf: [
      kind('Market: walks the book up to its size; its remainder expires', ['size'], {
        type: { const: 'market' },
        quote_size: { not: {} },
      }),
      kind(
        'Market buy by quote amount: buys the whole lots quote_size buys from the asks',
        ['side', 'quote_size'],
        { type: { const: 'market' }, side: { const: 'buy' }, size: { not: {} } },
      ),
      kind(
        'Limit, gtc (the time in force when absent): rests until filled or cancelled',
        ['size', 'price'],
        {
          type: LIMIT,
          price: LIMIT_PRICE,
          time_in_force: { const: 'gtc' },
          post_only: {
            type: 'boolean',
            description: 'Rejected instead of taking liquidity. Absent: false',
          },
        },
      ),
      kind(
        'Limit, ioc: its remainder expires; fok: it fills entirely or not at all',
        ['size', 'price', 'time_in_force'],
        {
          type: LIMIT,
          price: LIMIT_PRICE,
          time_in_force: { type: 'string', enum: ['ioc', 'fok'] },
        },
      ),
      kind('Limit, gtd: rests until expire_at', ['size', 'price', 'time_in_force', 'expire_at'], {
        type: LIMIT,
        price: LIMIT_PRICE,
        time_in_force: { const: 'gtd' },
        expire_at: { ...TIME, description: 'When the order expires; after now' },
      }),
    ],
  },
  AmendRequest: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      size: {
        ...DECIMAL,
        description: 'The new size, filled size included; a smaller one keeps time priority',
      },
      price: { ...DECIMAL, description: 'The new limit price; the order loses time priority' },
    },
  },
  Fill: object(['trade_id', 'price', 'size'], {
    trade_id: TRADE_ID,
    price: DECIMAL,
    size: DECIMAL,
  }),
  Order: object(
    [
      'id',
      'symbol',
      'side',
      'type',
      'size',
      'filled_size',
      'remaining_size',
      'average_price',
      'status',
      'time_in_force',
      'post_only',
      'created_at',
      'fill_count',
      'fills',
    ],
    {
      id: ORDER_ID,
      client_order_id: { type: 'string' },
      symbol: SYMBOL,
      side: SIDE,
      type: { type: 'string', enum: ['market', 'limit'] },
      price: DECIMAL,
      size: DECIMAL,
      filled_size: DECIMAL,
      remaining_size: { ...DECIMAL, description: 'What still rests on the book; zero once final' },
      average_price: NULLABLE_DECIMAL,
      status: ORDER_STATUS,
      reject_reason: { type: 'string', enum: ['post_only_would_take'] },
      reason: {
        type: 'string',
        enum: [
          'post_only_would_take',
          'self_trade_prevented',
          'expire_at_reached',
          'level_full',
          'insufficient_balance',
        ],
        description: 'Why the order ended as it did, where the status alone does not say',
      },
      stop_price: DECIMAL,
      stp: {
        type: 'string',
        enum: ['cancel_taker', 'cancel_maker', 'cancel_both'],
        description: 'Absent: none',
      },
      expire_at: TIME,
      time_in_force: { type: 'string', enum: TIME_IN_FORCE_CODES.names },
      post_only: { type: 'boolean' },
      created_at: TIME,
      fill_count: {
        type: 'integer',
        minimum: 0,
        description: 'All fills; `fills` holds the first 100',
      },
      fills: { type: 'array', maxItems: 100, items: ref('Fill') },
    },
  ),
  Instrument: object(
    [
      'symbol',
      'tick_size',
      'lot_size',
      'min_size',
      'max_size',
      'reference_price',
      'status',
      'max_open_orders',
      'max_stop_orders',
    ],
    {
      symbol: SYMBOL,
      tick_size: { ...DECIMAL, description: 'Prices are positive multiples of it' },
      lot_size: { ...DECIMAL, description: 'Sizes are positive multiples of it' },
      min_size: DECIMAL,
      max_size: { ...NULLABLE_DECIMAL, description: 'null: none but what is held exactly' },
      reference_price: {
        ...NULLABLE_DECIMAL,
        description: 'What the ticker shows before the first trade',
      },
      status: {
        type: 'string',
        enum: ['trading'],
        description: 'The venue has no halts: every listed instrument trades',
      },
      max_open_orders: {
        type: 'integer',
        minimum: 1,
        description:
          'Orders an account may have open on the symbol, waiting stops included (then too_many_orders)',
      },
      max_stop_orders: {
        type: 'integer',
        minimum: 1,
        description: 'Stops an account may have waiting on the symbol (then too_many_orders)',
      },
    },
  ),
  Balances: object(['balances'], {
    balances: {
      type: 'array',
      items: object(['asset', 'free', 'locked'], {
        asset: { type: 'string', example: 'USD' },
        free: DECIMAL,
        locked: { ...DECIMAL, description: 'What live orders hold (invariant 14)' },
      }),
    },
  }),
  Time: object(['timestamp', 'epoch_ms'], {
    timestamp: TIME,
    epoch_ms: { type: 'integer', description: 'The same instant in milliseconds since 1970' },
  }),
  FillPage: object(['fills', 'next_cursor'], {
    fills: { type: 'array', items: ref('Fill') },
    next_cursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page' },
  }),
  StreamEvent: {
    description:
      'One event of GET /v1/stream as a client reads it: its `id:`, its `event:` name and its `data:` line parsed as JSON',
    oneOf: [ref('SnapshotEvent'), ref('TradeEvent'), ref('BookEvent'), ref('OrderEvent')],
  },
  SnapshotEvent: {
    description:
      "A symbol's state as of `data.sequence`, for the stream's channels; first, once per symbol. Only the last snapshot has an `id:`",
    ...object(['event', 'data'], {
      id: STREAM_ID,
      event: { const: 'snapshot' },
      data: object(['symbol', 'sequence', 'timestamp'], {
        symbol: SYMBOL,
        sequence: { type: 'integer', minimum: 0 },
        timestamp: TIME,
        book_sequence: { type: 'integer', minimum: 0, description: 'book channel' },
        bids: {
          type: 'array',
          description: 'book channel: the top 1000 levels, price descending',
          items: ref('Level'),
        },
        asks: {
          type: 'array',
          description: 'book channel: the top 1000 levels, price ascending',
          items: ref('Level'),
        },
        trades: {
          type: 'array',
          description: 'trades channel: the last 100 trades, most recent first',
          items: ref('Trade'),
        },
        orders: {
          type: 'array',
          description: "orders channel: the caller's resting orders, newest first",
          items: ref('Order'),
        },
      }),
    }),
  },
  TradeEvent: {
    description: 'trades channel: a trade, as GET /v1/market/trades shows it',
    ...object(['id', 'event', 'data'], {
      id: STREAM_ID,
      event: { const: 'trade' },
      data: object(['symbol', 'sequence', 'trade_id', 'side', 'price', 'size', 'timestamp'], {
        symbol: SYMBOL,
        sequence: STREAM_SEQUENCE,
        trade_id: TRADE_ID,
        side: { ...SIDE, description: "The taker's side" },
        price: DECIMAL,
        size: DECIMAL,
        timestamp: TIME,
      }),
    }),
  },
  BookEvent: {
    description:
      "book channel: a level's new total size. A level's changes between two writes (at most every 5 ms) are sent once, the last",
    ...object(['id', 'event', 'data'], {
      id: STREAM_ID,
      event: { const: 'book' },
      data: object(['symbol', 'sequence', 'side', 'price', 'size', 'book_sequence'], {
        symbol: SYMBOL,
        sequence: STREAM_SEQUENCE,
        side: { ...SIDE, description: 'buy: a bid; sell: an ask' },
        price: DECIMAL,
        size: { ...DECIMAL, description: "The level's new total size; zero: the level is gone" },
        book_sequence: { type: 'integer', minimum: 1 },
      }),
    }),
  },
  OrderEvent: {
    description: "orders channel: one of the caller's orders after a change",
    ...object(['id', 'event', 'data'], {
      id: STREAM_ID,
      event: { const: 'order' },
      data: object(['symbol', 'sequence', 'order'], {
        symbol: SYMBOL,
        sequence: STREAM_SEQUENCE,
        order: ref('Order'),
      }),
    }),
  },
};
