import { createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/** An API key and the account whose orders it places, sees and cancels. */
export interface ApiKeyGrant {
  readonly key: string;
  readonly account: string;
  /** The signing secret of the Binance dialect (docs/ccxt.md); a key without one cannot sign. */
  readonly secret?: string;
}

export interface Caller {
  readonly account: string;
  /** Position of the key in the table: scopes idempotency keys and rate limits without holding the secret. */
  readonly keyIndex: number;
}

const KEY_PATTERN = /^[A-Za-z0-9._~+/=-]{1,256}$/;
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Parses `KEY[:ACCOUNT[:SECRET]]` specs. A key without an account gets `account-<n>`, n its
 * 1-based position in the list: the key itself is a secret and never becomes a name.
 */
export function parseApiKeySpecs(
  specs: readonly string[],
): { grants: ApiKeyGrant[] } | { error: string } {
  const grants: ApiKeyGrant[] = [];
  for (const [index, spec] of specs.entries()) {
    const [key = '', named, secret, ...rest] = spec.split(':');
    const account = named ?? `account-${index + 1}`;
    if (rest.length > 0 || (secret !== undefined && !KEY_PATTERN.test(secret))) {
      return {
        error: `the secret of API key #${index + 1} must be 1-256 of A-Z a-z 0-9 . _ ~ + / = -`,
      };
    }
    if (!KEY_PATTERN.test(key)) {
      return { error: `API key #${index + 1} must be 1-256 of A-Z a-z 0-9 . _ ~ + / = -` };
    }
    if (!ACCOUNT_PATTERN.test(account)) {
      return { error: `the account of API key #${index + 1} must be 1-64 of A-Z a-z 0-9 _ -` };
    }
    if (grants.some((grant) => grant.key === key))
      return { error: `API key #${index + 1} is given twice` };
    grants.push(secret === undefined ? { key, account } : { key, account, secret });
  }
  return { grants };
}

export function generateApiKey(): string {
  return 'sk_' + randomBytes(24).toString('base64url');
}

const MAX_KEY_LENGTH = 256;
/** A key as a fixed-length block: two bytes of length, then the key's bytes, zero-padded. */
const BLOCK_LENGTH = 2 + MAX_KEY_LENGTH;

function encodeBlock(key: string, block: Buffer): Buffer {
  block.fill(0);
  block.writeUInt16BE(key.length, 0);
  block.write(key, 2, 'latin1');
  return block;
}

/**
 * Looks keys up in constant time: the presented key is compared with every configured key by
 * timingSafeEqual over fixed-length blocks (cheaper per request than hashing, equally blind to
 * where two keys differ).
 */
export class ApiKeyTable {
  readonly #blocks: Buffer[];
  readonly #accounts: string[];
  /** Each key's signing secret, made a key object once (an HMAC under it skips the conversion). */
  readonly #secrets: (KeyObject | undefined)[];
  readonly #candidate = Buffer.alloc(BLOCK_LENGTH);

  constructor(grants: readonly ApiKeyGrant[]) {
    this.#blocks = grants.map((grant) => encodeBlock(grant.key, Buffer.alloc(BLOCK_LENGTH)));
    this.#accounts = grants.map((grant) => grant.account);
    this.#secrets = grants.map((grant) =>
      grant.secret === undefined ? undefined : createSecretKey(Buffer.from(grant.secret)),
    );
  }

  /** The account and signing secret of a key that has a secret, or undefined. */
  signingKey(presented: string): { account: string; secret: KeyObject } | undefined {
    const caller = this.authenticate(presented);
    const secret = caller === undefined ? undefined : this.#secrets[caller.keyIndex];
    return secret === undefined ? undefined : { account: caller!.account, secret };
  }

  /** The caller, or undefined for a missing, empty or unknown key (all alike). */
  authenticate(presented: string | undefined): Caller | undefined {
    if (presented === undefined || presented.length === 0 || presented.length > MAX_KEY_LENGTH) {
      return undefined;
    }
    const candidate = encodeBlock(presented, this.#candidate);
    let found = -1;
    for (let index = 0; index < this.#blocks.length; index++) {
      if (timingSafeEqual(candidate, this.#blocks[index]!) && found < 0) found = index;
    }
    return found < 0 ? undefined : { account: this.#accounts[found]!, keyIndex: found };
  }
}
