import { describe, expect, it } from 'vitest';
import { cliLocale, cliMessages, formatSummary, parseCliArgs, UsageError } from './cli.ts';
import { emptyReport } from './import.ts';

describe('parseCliArgs', () => {
  it('reads the source and options', () => {
    const a = parseCliArgs(
      [
        'feed.xml',
        '--kind',
        'announcement',
        '-e',
        'binance',
        '--locale',
        'zh-TW',
        '--category',
        'listing',
        '--update',
        '--important',
      ],
      {},
    );
    expect(a).toMatchObject({ source: 'feed.xml', dryRun: false, help: false });
    expect(a.options).toEqual({
      kind: 'announcements',
      exchange: 'binance',
      locale: 'zh-hk',
      category: 'listing',
      important: true,
      update: true,
    });
    expect(parseCliArgs(['dir', '-n'], {}).options.kind).toBe('news');
    expect(parseCliArgs(['dir', '-n'], {}).dryRun).toBe(true);
  });

  it('rejects bad input with a usage error', () => {
    expect(() => parseCliArgs([], {})).toThrow(UsageError);
    expect(() => parseCliArgs(['a', 'b'], {})).toThrow(/exactly one source/);
    expect(() => parseCliArgs(['a', '--kind', 'blog'], {})).toThrow(
      /--kind must be one of news, research, lives, announcements/,
    );
    expect(() => parseCliArgs(['a', '--locale', 'fr'], {})).toThrow(/--locale/);
    expect(() => parseCliArgs(['a', '--category', 'hot'], {})).toThrow(/--category/);
    expect(() => parseCliArgs(['a', '--exchange', ' '], {})).toThrow(/--exchange/);
    expect(() => parseCliArgs(['a', '--bogus'], {})).toThrow(UsageError);
  });

  it('answers --help without a source', () => {
    expect(parseCliArgs(['--help'], {}).help).toBe(true);
  });
});

describe('messages', () => {
  it('picks the language from --lang or LANG and interpolates', () => {
    expect(cliLocale(undefined, { LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(cliLocale(undefined, { LANG: 'C' })).toBe('en');
    expect(cliLocale('ko', { LANG: 'zh_CN.UTF-8' })).toBe('ko');
    expect(cliMessages('en')('reading', { source: 'x.xml' })).toBe('Reading x.xml …');
    expect(cliMessages('zh')('reading', { source: 'x.xml' })).toBe('正在读取 x.xml …');
  });

  it('summarises a run, each count in its plural form', () => {
    const report = {
      ...emptyReport(),
      added: 2,
      duplicates: 1,
      byKind: { news: 2, research: 0, lives: 0, announcements: 0 },
    };
    const lines = formatSummary(
      { read: { items: [], skipped: [{ origin: 'a.md', reason: 'bad' }], documents: 3 }, report },
      cliMessages('en'),
      false,
    );
    expect(lines).toEqual([
      'Skipped a.md: bad',
      '3 documents, 0 items: 2 added, 0 updated, 0 already imported, 1 duplicate, 1 skipped or failed.',
      'Written: news 2.',
    ]);
    const one = formatSummary(
      { read: { items: [], skipped: [], documents: 1 }, report: emptyReport() },
      cliMessages('en'),
      true,
    );
    expect(one).toEqual(['Dry run: 0 items read from 1 document; nothing was written.']);
    const zh = formatSummary(
      { read: { items: [], skipped: [], documents: 1 }, report: emptyReport() },
      cliMessages('zh'),
      true,
    );
    expect(zh).toEqual(['试运行：从 1 个文档读取 0 个条目；未写入任何数据。']);
  });
});
