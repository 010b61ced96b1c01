/** Headless Chromium (the system's, driven by playwright-core) for the report tests. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env['SIMEX_CHROMIUM'] ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null. */
export const noBrowser = existsSync(CHROMIUM)
  ? null
  : `no browser at ${CHROMIUM} (install Debian's chromium, or set SIMEX_CHROMIUM)`;

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface OpenedPage {
  readonly page: Page;
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
  /** Every request other than the page itself. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Opens a local file in a fresh profile; close() removes the profile. */
export function openFile(file: string): Promise<OpenedPage> {
  return openUrl(pathToFileURL(file).href);
}

export interface OpenOptions {
  /** The browser's time zone (default: the machine's). */
  readonly timezoneId?: string;
  /** Script text that runs in the page before the page's own scripts. */
  readonly initScript?: string;
}

/** Opens a page (a file, or a server on loopback) in a fresh profile; close() removes the profile. */
export async function openUrl(url: string, options: OpenOptions = {}): Promise<OpenedPage> {
  const profile = mkdtempSync(join(tmpdir(), 'simex-chromium-'));
  let context: BrowserContext | null = null;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1280, height: 900 },
      ...(options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId }),
    });
    const errors: string[] = [];
    const requests: string[] = [];
    context.on('request', (request) => {
      if (request.url() !== url) requests.push(request.url());
    });
    const page = context.pages()[0] ?? (await context.newPage());
    if (options.initScript !== undefined) await page.addInitScript(options.initScript);
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url, { waitUntil: 'load' });
    const opened = context;
    return {
      page,
      errors,
      requests,
      close: async () => {
        await opened.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
