/**
 * The `npm run import -- <source> [options]` command: argument parsing, messages in the
 * operator's language (locales/ingest/*.json, chosen by --lang or LANG) and the run itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ANNOUNCEMENT_CATEGORIES, type AnnouncementCategory } from '../../../features/content/announcements/index.ts';
import type { Db } from '../../db/client.ts';
import { emptyReport, importItems, type ImportOptions, type ImportReport } from './import.ts';
import { CONTENT_LOCALES, IMPORT_KINDS, localeFromTag, type ContentLocale, type ImportKind } from './item.ts';
import { readSource, type ReadResult } from './source.ts';
import { createTranslator } from '../../../lib/i18n/index.ts';

export class UsageError extends Error {
  override name = 'UsageError';
}

type Messages = Record<string, string>;
const UI_LOCALES = ['en', 'zh', 'zh-hk', 'ko'] as const;
type UiLocale = (typeof UI_LOCALES)[number];

/** The operator's language from --lang or the LANG environment variable (zh_TW → zh-hk). */
export function cliLocale(lang: string | undefined, env = process.env): UiLocale {
  const tag = (lang ?? env.LC_ALL ?? env.LC_MESSAGES ?? env.LANG ?? 'en').split('.')[0]!;
  return localeFromTag(tag) ?? 'en';
}

/** A translator over locales/ingest/<locale>.json, with {{name}} placeholders and plural forms (a numeric `count`). */
export function cliMessages(
  locale: UiLocale,
  root = process.env.COINLENS_ROOT ?? process.cwd(),
): (key: string, vars?: Record<string, string | number>) => string {
  const load = (l: string): Messages => {
    try {
      return (
        JSON.parse(fs.readFileSync(path.join(root, 'locales/ingest', `${l}.json`), 'utf8')) as {
          ingest: { cli: Messages };
        }
      ).ingest.cli;
    } catch {
      return {};
    }
  };
  const own = load(locale);
  const en = locale === 'en' ? own : load('en');
  const t = createTranslator({ ...en, ...own }, locale);
  return (key, vars = {}) => t(key, vars);
}

interface CliArgs {
  source: string;
  options: ImportOptions;
  dryRun: boolean;
  lang: UiLocale;
  help: boolean;
}

/**
 * Parses the command line; a bad option is a UsageError saying what is accepted.
 * @example parseCliArgs(['feed.xml', '--kind', 'lives']).options.kind // 'lives'
 */
export function parseCliArgs(argv: string[], env = process.env): CliArgs {
  // biome-ignore lint/suspicious/noImplicitAnyLet: typed by the parseArgs call below, whose options shape it
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        kind: { type: 'string', short: 'k' },
        exchange: { type: 'string', short: 'e' },
        locale: { type: 'string', short: 'l' },
        category: { type: 'string', short: 'c' },
        important: { type: 'boolean' },
        update: { type: 'boolean', short: 'u' },
        'dry-run': { type: 'boolean', short: 'n' },
        lang: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const v = parsed.values;
  const lang = cliLocale(v.lang, env);
  if (v.help) return { source: '', options: { kind: 'news' }, dryRun: false, lang, help: true };
  if (parsed.positionals.length !== 1)
    throw new UsageError(
      parsed.positionals.length
        ? 'give exactly one source'
        : 'missing <source>: a feed URL, a feed file, a Markdown file or a directory',
    );
  const kindRaw = (v.kind ?? 'news').toLowerCase();
  const kind = (kindRaw === 'announcement' ? 'announcements' : kindRaw === 'flash' ? 'lives' : kindRaw) as ImportKind;
  if (!IMPORT_KINDS.includes(kind)) throw new UsageError(`--kind must be one of ${IMPORT_KINDS.join(', ')}`);
  let locale: ContentLocale | undefined;
  if (v.locale !== undefined) {
    const l = localeFromTag(v.locale);
    if (!l) throw new UsageError(`--locale must be one of ${CONTENT_LOCALES.join(', ')}`);
    locale = l;
  }
  const category = v.category?.toLowerCase();
  if (category !== undefined && !(ANNOUNCEMENT_CATEGORIES as readonly string[]).includes(category))
    throw new UsageError(`--category must be one of ${ANNOUNCEMENT_CATEGORIES.join(', ')}`);
  if (v.exchange !== undefined && !v.exchange.trim())
    throw new UsageError('--exchange must name an exchange, e.g. binance');
  return {
    source: parsed.positionals[0]!,
    options: {
      kind,
      exchange: v.exchange?.trim(),
      locale,
      category: category as AnnouncementCategory | undefined,
      important: v.important,
      update: v.update,
    },
    dryRun: v['dry-run'] ?? false,
    lang,
    help: false,
  };
}

interface RunResult {
  read: ReadResult;
  report: ImportReport;
}

/** Reads the source and (unless dry-run) writes it. */
export async function runImport(
  db: Db | null,
  args: CliArgs,
  deps: { fetchImpl?: typeof fetch } = {},
): Promise<RunResult> {
  const read = await readSource(args.source, deps);
  const report = emptyReport();
  if (db) await importItems(db, read.items, args.options, report);
  return { read, report };
}

/** The closing summary lines of a run. */
export function formatSummary(result: RunResult, t: ReturnType<typeof cliMessages>, dryRun: boolean): string[] {
  const { read, report } = result;
  const lines: string[] = [];
  for (const s of read.skipped) lines.push(t('skippedEntry', { origin: s.origin, reason: s.reason }));
  for (const f of report.failed) lines.push(t('failedEntry', { origin: f.origin, reason: f.reason }));
  if (dryRun) {
    lines.push(
      t('dryRun', {
        items: t('items', { count: read.items.length }),
        documents: t('documents', { count: read.documents }),
      }),
    );
    return lines;
  }
  lines.push(
    t('summary', {
      documents: t('documents', { count: read.documents }),
      items: t('items', { count: read.items.length }),
      added: report.added,
      updated: report.updated,
      unchanged: report.unchanged,
      duplicates: t('duplicates', { count: report.duplicates }),
      failed: report.failed.length + read.skipped.length,
    }),
  );
  const kinds = IMPORT_KINDS.filter((k) => report.byKind[k] > 0).map(
    (k) => `${t(`kind${k[0]!.toUpperCase()}${k.slice(1)}`)} ${report.byKind[k]}`,
  );
  if (kinds.length) lines.push(t('byKind', { list: kinds.join(', ') }));
  return lines;
}
