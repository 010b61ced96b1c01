import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { expectDocumented } from '../http/openapi-check.js';
import { ALICE_KEY, START_MS, useTestServer } from '../http/test-server.js';
import {
  everyOrderKind,
  manage,
  placeAll,
  readAll,
  simexClient,
  whyNoOrder,
} from './client/simex-client.js';
import { CLIENT_TYPES_FILE, clientTypesText } from './generated.js';

const CLIENT_FILE = fileURLToPath(new URL('./client/simex-client.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The repository's compiler options (strict and more), for type-checking without emitting. */
function strictOptions(): ts.CompilerOptions {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) =>
    ts.sys.readFile(path),
  );
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  return { ...options, noEmit: true };
}

/** Type-checks `roots` (plus files given by text), answering each error as `file:line: message`. */
function typeCheck(roots: string[], texts: Record<string, string> = {}): string[] {
  const options = strictOptions();
  const host = ts.createCompilerHost(options);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the host's functions are closures
  const { getSourceFile, fileExists, readFile: read } = host;
  host.fileExists = (file) => file in texts || fileExists(file);
  host.readFile = (file) => texts[file] ?? read(file);
  host.getSourceFile = (file, language, ...rest) =>
    file in texts
      ? ts.createSourceFile(file, texts[file]!, language)
      : getSourceFile(file, language, ...rest);
  const program = ts.createProgram([...roots, ...Object.keys(texts)], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.file === undefined || diagnostic.start === undefined) return text;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName.slice(ROOT.length)}:${line + 1}: ${text}`;
  });
}

/** Casts, non-null assertions, `any` and comments that silence the checker, with their line. */
function escapes(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isAsExpression(node) ||
      ts.isTypeAssertionExpression(node) ||
      ts.isNonNullExpression(node) ||
      node.kind === ts.SyntaxKind.AnyKeyword
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const [index, line] of text.split('\n').entries()) {
    if (/@ts-(ignore|expect-error|nocheck)/.test(line)) found.push(`${index + 1}: ${line.trim()}`);
  }
  return found;
}

describe('a client generated from docs/openapi.json by openapi-typescript', () => {
  it('the committed types are what openapi-typescript generates now (regenerate: npm run openapi)', async () => {
    expect(await readFile(CLIENT_TYPES_FILE, 'utf8')).toBe(await clientTypesText());
  });

  it('type-checks under strict tsc, with no cast, non-null assertion or any', async () => {
    expect(strictOptions()).toMatchObject({ strict: true, exactOptionalPropertyTypes: true });
    expect(typeCheck([CLIENT_FILE])).toEqual([]);
    expect(escapes(CLIENT_FILE, await readFile(CLIENT_FILE, 'utf8'))).toEqual([]);
  });

  it('its types refuse what the server refuses, and type each status with its own codes', () => {
    const file = join(dirname(CLIENT_FILE), 'refused.ts');
    const lines = [
      "import type { components, paths } from './simex-api.js';",
      "type OrderRequest = components['schemas']['OrderRequest'];",
      "const order = { symbol: 'BTC-USD', side: 'buy', size: '1' } as const;",
      "type TickerNotFound = paths['/v1/market/ticker']['get']['responses'][404]['content']['application/json'];",
      "export const market: OrderRequest = { ...order, type: 'market' };",
      "export const gtd: OrderRequest = { ...order, type: 'limit', price: '1', time_in_force: 'gtd', expire_at: 't' };",
      "export const unknownSymbol: TickerNotFound['error']['code'] = 'unknown_symbol';",
      // Each line below is an error.
      "export const marketWithTimeInForce: OrderRequest = { ...order, type: 'market', time_in_force: 'gtc' };",
      "export const marketWithPrice: OrderRequest = { ...order, type: 'market', price: '1' };",
      "export const limitWithoutPrice: OrderRequest = { ...order, type: 'limit' };",
      "export const gtdWithoutExpiry: OrderRequest = { ...order, type: 'limit', price: '1', time_in_force: 'gtd' };",
      "export const iocPostOnly: OrderRequest = { ...order, type: 'limit', price: '1', time_in_force: 'ioc', post_only: true };",
      "export const orderNotFound: TickerNotFound['error']['code'] = 'order_not_found';",
    ];
    const errors = typeCheck([], { [file]: lines.join('\n') });
    const where = file.slice(ROOT.length);
    expect(errors.map((error) => Number(error.slice(where.length + 1).split(':')[0]))).toEqual([
      8, 9, 10, 11, 12, 13,
    ]);
  });

  describe('against a server', () => {
    const server = useTestServer();
    let requests = 0;
    /** fetch, checking every answer against the document. */
    const documentedFetch = async (request: Request): Promise<Response> => {
      requests++;
      const response = await fetch(request);
      const url = new URL(request.url);
      expectDocumented(request.method, url.pathname + url.search, {
        status: response.status,
        header: (name) => response.headers.get(name) ?? undefined,
        body: await response.clone().text(),
      });
      return response;
    };

    it('places every order kind, then reads, amends, cancels and lists', async () => {
      const client = simexClient(server.url, ALICE_KEY, documentedFetch);
      const expireAt = new Date(START_MS + 3_600_000).toISOString();
      const placed = await placeAll(client, everyOrderKind(expireAt));
      expect(
        placed.map(({ type, time_in_force, status }) => [type, time_in_force, status]),
      ).toEqual([
        ['market', 'ioc', 'filled'],
        ['market', 'ioc', 'filled'],
        ['market', 'ioc', 'pending'],
        ['limit', 'gtc', 'open'],
        ['limit', 'gtc', 'open'],
        ['limit', 'ioc', 'filled'],
        ['limit', 'fok', 'filled'],
        ['limit', 'gtd', 'open'],
        ['limit', 'gtc', 'pending'],
      ]);
      expect(placed[1]).toMatchObject({ stp: 'cancel_taker', client_order_id: 'market-stp' });
      expect(placed[2]).toMatchObject({ stop_price: '31000.00' });
      expect(placed[4]).toMatchObject({ post_only: true });
      expect(placed[7]).toMatchObject({ expire_at: expireAt });

      const limit = placed[3]!.id;
      const managed = await manage(client, limit);
      expect(managed.read.status).toBe('open');
      expect(managed.amended.size).toBe('0.02000000');
      expect(managed.fills).toEqual({ fills: [], next_cursor: null });
      expect(managed.cancelled.status).toBe('cancelled');
      expect(await whyNoOrder(client, 'ord_999999')).toBe('no such order of this account');
      expect(await whyNoOrder(client, limit)).toBe('found');

      const read = await readAll(client);
      expect(read.instruments?.map(({ symbol }) => symbol)).toEqual(['BTC-USD', 'ETH-USD']);
      expect(read.time?.epoch_ms).toBe(START_MS);
      expect(read.ticker?.symbol).toBe('BTC-USD');
      // Four trades so far: the two market orders, the ioc and the fok.
      expect([read.book?.bids.length, read.trades?.length]).toEqual([5, 4]);
      const resting = [placed[7]!.id, placed[4]!.id];
      expect(read.openOrders?.map(({ id }) => id)).toEqual(resting);
      expect(read.cancelledAll?.map(({ id, status }) => [id, status])).toEqual(
        resting.reverse().map((id) => [id, 'cancelled']),
      );
      expect(requests).toBe(9 + 4 + 2 + 7);
    });
  });
});
