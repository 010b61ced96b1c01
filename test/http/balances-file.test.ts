import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalancesFile } from '../../adapters/server/http/serve-config.js';

describe('simex serve --balances FILE', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'simex-balances-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });
  const read = async (text: string) => {
    const path = join(folder, 'balances.json');
    await writeFile(path, text);
    const read = await readBalancesFile(path);
    return 'error' in read ? read.error.replace(path, 'FILE') : read;
  };

  it('takes initial, accounts and the fees', async () => {
    const options = {
      initial: { USD: '100' },
      accounts: { alice: { BTC: '1.5' } },
      makerFeeBps: 10,
      takerFeeBps: 20,
    };
    expect(await read(JSON.stringify(options))).toStrictEqual(options);
  });

  it('refuses what is not a balances object with one line naming the file', async () => {
    expect(await read('{')).toBe('FILE: not valid JSON');
    expect(await read('[]')).toBe('FILE: must be a JSON object');
    expect(await read('{"initial":{"USD":100}}')).toBe(
      'FILE: initial must map assets to decimal strings',
    );
    expect(await read('{"accounts":{"alice":"1"}}')).toBe(
      'FILE: accounts must map account names to {asset: decimal string}',
    );
    expect(await read('{"fees":1}')).toBe(
      'FILE: unknown key "fees" (known: initial, accounts, makerFeeBps, takerFeeBps)',
    );
    expect(await readBalancesFile(join(folder, 'missing.json'))).toStrictEqual({
      error: `${join(folder, 'missing.json')}: cannot be read`,
    });
  });
});
