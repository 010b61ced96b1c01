/**
 * The package as a user gets it: packed and installed into a fresh `npm init -y` project by the
 * README's own commands, the README's commands and examples run there as written, every command run
 * through the installed bin, both entry points imported from JavaScript and type-checked from TypeScript.
 * Needs the build in dist/ (npm test builds first) and the npm registry or its cache.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples, README_COMMANDS, README_INSTALL } from '../readme-blocks.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const AAPL = join(ROOT, 'test/fixtures/lobster/AAPL_2012-06-21_first999_message_10.csv');
const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
};

let home = '';
let project = '';
let tarball = '';

async function simex(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(
    process.execPath,
    [join(project, 'node_modules/simex/dist/adapters/cli/main.js'), ...args],
    {
      cwd: project,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'simex-package-'));
  project = join(home, 'my-bot');
  // The README's install commands, run from the clone, with the project in the temp folder, the
  // build already in dist/ (rebuilding it would pull it from under other tests) and the packages
  // from npm's cache where it has them.
  const install = README_INSTALL.replaceAll('../my-bot', project)
    .replace('npm pack ', 'npm pack --ignore-scripts ')
    .replace(
      'npm install ./simex-0.1.0.tgz',
      '$& --prefer-offline --no-audit --no-fund --ignore-scripts',
    );
  await run('sh', ['-e', '-c', install], { cwd: ROOT });
  tarball = join(project, `simex-${version}.tgz`);
}, 240_000);

afterAll(() => rm(home, { recursive: true, force: true }));

describe('the installed package', () => {
  it('ships the build, the example strategies and the license, and no source maps', async () => {
    const listed = await run('tar', ['-tzf', tarball]);
    const files = listed.stdout.trim().split('\n');
    expect(files).toContain('package/LICENSE');
    expect(files).toContain('package/dist/src/index.js');
    expect(files).toContain('package/scenarios/strategies/market-maker.ts');
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('ships every page the README and the manual link to', async () => {
    const installed = join(project, 'node_modules/simex');
    const pages = [
      'README.md',
      ...(await readdir(join(installed, 'docs'))).map((page) => `docs/${page}`),
    ];
    const missing: string[] = [];
    for (const page of pages.filter((name) => name.endsWith('.md'))) {
      const text = await readFile(join(installed, page), 'utf8');
      for (const [, target = ''] of text.matchAll(/\]\(([^)#:\s]+\.(?:md|json))(?:#[^)]*)?\)/g)) {
        const path = join(installed, dirname(page), target);
        if (
          !(await stat(path).then(
            () => true,
            () => false,
          ))
        )
          missing.push(`${page} -> ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('made the project the README says: npm init -y, then type module', async () => {
    const host = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as {
      name: string;
      type: string;
      dependencies: Record<string, string>;
    };
    expect([host.name, host.type, host.dependencies.simex]).toEqual([
      'my-bot',
      'module',
      `file:simex-${version}.tgz`,
    ]);
  });

  it("runs the README's commands, then each README example with npx tsx, as written", async () => {
    await run('sh', ['-e', '-c', README_COMMANDS], { cwd: project });
    for (const { name, code, prints } of examples('README.md')) {
      await writeFile(join(project, 'example.ts'), code);
      const { stdout } = await run('npx', ['tsx', 'example.ts'], { cwd: project });
      expect(stdout.trim(), name).toBe(prints);
    }
  }, 180_000);

  it("prints its own version, not the host project's", async () => {
    expect((await simex('--version')).stdout.trim()).toBe(version);
  });

  it('answers --help for every command', async () => {
    for (const command of [
      'serve',
      'replay',
      'check',
      'generate',
      'backtest',
      'sweep',
      'import',
      'init',
    ]) {
      const { stdout } = await simex(command, '--help');
      expect(stdout, command).toContain('simex');
    }
  });

  it('generates, replays, imports, checks, and backtests a strategy it wrote', async () => {
    await simex('init', 'strategy', 'starter.ts');
    await simex('init', 'strategy', 'starter.js');
    const flow = await simex('generate', '--seed', '7', '--events', '3000');
    await writeFile(join(project, 'flow.csv'), flow.stdout);
    const replayed = await simex('replay', 'flow.csv');
    expect(replayed.stdout).toContain('rows');
    // Arrow flows: apache-arrow's one-file build, resolved from the installed package.
    await simex('convert', 'flow.csv', '--out', 'flow.arrow');
    expect((await simex('replay', 'flow.arrow')).stdout).toBe(
      replayed.stdout.replaceAll('flow.csv', 'flow.arrow'),
    );
    const imported = await simex('import', 'lobster', AAPL, '--symbol', 'AAPL-USD');
    expect(imported.stdout).toContain('# instrument symbol=AAPL-USD');
    await simex('check', '--runs', '5', '--seed', '1');
    for (const strategy of ['starter.ts', 'starter.js']) {
      const { stdout } = await simex(
        'backtest',
        '--strategy',
        strategy,
        '--data',
        'flow.csv',
        '--interval',
        '1s',
        '--out',
        `out-${strategy}`,
      );
      expect(stdout, strategy).toMatch(/fills/);
      const summary = JSON.parse(
        await readFile(join(project, `out-${strategy}`, 'summary.json'), 'utf8'),
      ) as { symbols: [{ fills: number }] };
      expect(summary.symbols[0].fills, strategy).toBeGreaterThan(0);
    }
    const swept = await simex(
      'sweep',
      '--strategy',
      'starter.js',
      '--data',
      'flow.csv',
      '--interval',
      '1s',
      '--grid',
      'spread_ticks=2,3',
      '--workers',
      '2',
      '--out',
      'swept',
    );
    expect(swept.stdout).toMatch(/2 combinations, 0 failed/);
    expect(await readFile(join(project, 'swept', 'results.csv'), 'utf8')).toMatch(/^rank,/);
  });

  it('serves /v1', async () => {
    const child = spawn(
      process.execPath,
      [join(project, 'node_modules/simex/dist/adapters/cli/main.js'), 'serve', '--port', '0'],
      {
        cwd: project,
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let seen = '';
        child.stdout.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          const listening = /simex listening on (\S+)/.exec(seen);
          if (listening) resolve(listening[1]!);
        });
        child.once('exit', () => reject(new Error(`serve exited: ${seen}`)));
      });
      const response = await fetch(`${url}/v1/market/ticker?symbol=BTC-USD`);
      expect(response.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('imports from JavaScript and type-checks from TypeScript with module NodeNext', async () => {
    const script =
      "import { Venue } from 'simex'; import * as backtest from 'simex/backtest';\n" +
      'console.log(typeof Venue.create, typeof backtest);';
    await writeFile(join(project, 'use.mjs'), script);
    expect((await run(process.execPath, ['use.mjs'], { cwd: project })).stdout).toBe(
      'function object\n',
    );
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
        },
        files: ['use.ts'],
      }),
    );
    await writeFile(
      join(project, 'use.ts'),
      "import { Venue } from 'simex';\nimport type { Strategy } from 'simex/backtest';\n" +
        'const venue = Venue.create({ clock: () => 0 });\nexport const strategy: Strategy = {};\nexport const ok: boolean = venue.ok;\n',
    );
    await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project });
  });

  it("keeps its build when npm runs its prepare script in the package's own folder", async () => {
    // `npx simex` run inside node_modules/simex makes npm install that folder, prepare included.
    const installed = join(project, 'node_modules/simex');
    await run('npm', ['run', 'prepare', '--silent'], { cwd: installed });
    expect((await simex('--version')).stdout.trim()).toBe(version);
  });
});
