/**
 * The shipped manual (docs/*.md and README.md): every page says what is, not how it came to be,
 * and every fenced block renders as one (a broken fence swallows the page below it).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const markdown = new MarkdownIt();

/** Words a page uses only when it tells its own history: sessions, commits, work left to do. */
const HISTORY: readonly RegExp[] = [
  /\b(?:this|that|the|a later|previous|last|first|next) session\b/i,
  /\bsessions? before\b/i,
  /\bnot yet (?:done|implemented|measured|verified|adopted)\b/i,
  /\b(?:last|previous|latest) commit\b/i,
  /\bcommits? [0-9a-f]{7,40}\b/i,
  /\bwhat would close\b/i,
  /\bwe (?:changed|added|removed|decided|measured|tried)\b/i,
  // A decision marker ("Decided:"): a page states the rule; its why is in test/DECISIONS.md.
  /\bdecided\b(?: range)?\)?[:,]/i,
  // A commit hash: 7 to 40 hex digits with at least one digit and one letter.
  /\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/,
];

interface ProseLine {
  line: number;
  text: string;
}

/** The page's text outside code (fences, indented blocks and inline code), by source line. */
function proseOf(source: string): ProseLine[] {
  const prose: ProseLine[] = [];
  for (const token of markdown.parse(source, {})) {
    if (token.type !== 'inline' || token.map === null) continue;
    const text = (token.children ?? [])
      .filter((child) => child.type === 'text')
      .map((child) => child.content)
      .join(' ');
    prose.push({ line: token.map[0] + 1, text });
  }
  return prose;
}

/** Each history word found in the page's prose, as `page:line: match`. */
function historyIn(page: string, source: string): string[] {
  const found: string[] = [];
  for (const { line, text } of proseOf(source)) {
    for (const pattern of HISTORY) {
      const match = pattern.exec(text);
      if (match !== null) found.push(`${page}:${line}: ${match[0]}`);
    }
  }
  return found;
}

/** What is wrong with the page's fenced blocks, as `page:line: reason`. */
function fenceFaults(page: string, source: string): string[] {
  const lines = source.split('\n');
  const faults: string[] = [];
  const fenceStarts = new Map<number, string>();
  for (const token of markdown.parse(source, {})) {
    if (token.type !== 'fence' || token.map === null) continue;
    const [start, end] = token.map;
    fenceStarts.set(start, token.info.trim());
    const closing = lines[end - 1]?.trim() ?? '';
    if (
      end - 1 === start ||
      !closing.startsWith(token.markup) ||
      closing !== closing[0]!.repeat(closing.length)
    )
      faults.push(`${page}:${start + 1}: the fence is never closed`);
    const heading = token.content.split('\n').findIndex((text) => /^#{2,6} \S/.test(text));
    if (heading >= 0) faults.push(`${page}:${start + 2 + heading}: a heading inside a fence`);
  }
  lines.forEach((text, index) => {
    const language = /^ {0,3}```(sh|bash)\b/.exec(text)?.[1];
    if (language !== undefined && fenceStarts.get(index) !== language)
      faults.push(`${page}:${index + 1}: a \`\`\`${language} line that does not open a fence`);
  });
  return faults;
}

/**
 * What a user cannot run as written, as `page:line: reason`: a sh line that calls `simex` without
 * `npx` (only `npm link` puts it on the PATH), an install of simex from the registry (E404).
 */
function commandFaults(page: string, source: string): string[] {
  const faults: string[] = [];
  for (const token of markdown.parse(source, {})) {
    if (token.type !== 'fence' || token.map === null || !['sh', 'bash'].includes(token.info.trim()))
      continue;
    token.content.split('\n').forEach((text, index) => {
      if (/^\s*simex\s/.test(text))
        faults.push(`${page}:${token.map![0] + 2 + index}: simex without npx`);
    });
  }
  source.split('\n').forEach((text, index) => {
    if (/npm install (?:-g |--global )?simex\b(?!` answers E404)/.test(text))
      faults.push(`${page}:${index + 1}: simex installed from the registry`);
  });
  return faults;
}

const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

describe('the shipped manual', () => {
  it('tells no history: no sessions, commits or work left to do', () => {
    expect(PAGES.flatMap((page) => historyIn(page, read(page)))).toEqual([]);
  });

  it('renders every fenced block as a fence: closed, no heading inside, every sh block opened', () => {
    expect(PAGES.flatMap((page) => fenceFaults(page, read(page)))).toEqual([]);
  });

  it('runs every command as written: simex through npx, installed from a packed tarball', () => {
    expect(PAGES.flatMap((page) => commandFaults(page, read(page)))).toEqual([]);
  });

  it('keeps README.md at or under 12 KB', () => {
    expect(statSync(join(ROOT, 'README.md')).size).toBeLessThanOrEqual(12 * 1024);
  });
});

describe('the manual checks themselves', () => {
  it('find each history word in prose, and none in code', () => {
    const page = [
      'Measured on the session before, at commit 309a01e.',
      '',
      'A rewrite of the store, not yet done. What would close the gap: less.',
      '',
      'A checksum `5c0e3d4f2a9b8c71` in code, and what is not yet handed to the network.',
      '',
      'Decided: one rule, decided before the book changes.',
      '',
      'How (decided): another.',
      '',
      '```',
      '2026-01-05T09:30:00.000Z,new,ord_1,5c0e3d4f2a9b8c71',
      '```',
    ].join('\n');
    expect(historyIn('page.md', page)).toEqual([
      'page.md:1: the session',
      'page.md:1: session before',
      'page.md:1: commit 309a01e',
      'page.md:1: 309a01e',
      'page.md:3: not yet done',
      'page.md:3: What would close',
      'page.md:7: Decided:',
      'page.md:9: decided):',
    ]);
  });

  it('find a fence that swallows what follows it', () => {
    const page = [
      '# Page',
      '',
      '````',
      'output```',
      '',
      '### Outputs',
      '',
      '```sh',
      'npx simex replay flow.csv',
      '````',
    ].join('\n');
    expect(fenceFaults('page.md', page)).toEqual([
      'page.md:6: a heading inside a fence',
      'page.md:8: a ```sh line that does not open a fence',
    ]);
    expect(fenceFaults('page.md', '# Page\n\n```sh\nnpx simex\n')).toEqual([
      'page.md:3: the fence is never closed',
    ]);
  });

  it('find a simex run without npx and an install from the registry', () => {
    const page = [
      '`npm install simex` answers E404; pack it instead.',
      '',
      '```sh',
      'npx simex replay flow.csv',
      '  simex backtest --data day.l2.csv \\',
      '```',
      '',
      'An image with simex (`RUN npm install -g simex`).',
    ].join('\n');
    expect(commandFaults('page.md', page)).toEqual([
      'page.md:5: simex without npx',
      'page.md:8: simex installed from the registry',
    ]);
  });
});
