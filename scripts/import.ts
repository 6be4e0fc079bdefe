// npm run import -- <source> [--kind news|research|lives|announcements] [--exchange binance]
//   [--locale en|zh|zh-hk|ko] [--category listing|…] [--important] [--update] [--dry-run]
// Imports RSS/Atom/JSON feeds and Markdown files into the content tables (see src/server/ingest/content).
import { boot, type Booted } from '../src/server/boot.ts';
import {
  cliLocale,
  cliMessages,
  formatSummary,
  parseCliArgs,
  runImport,
  UsageError,
} from '../src/server/ingest/content/cli.ts';
import { SourceError } from '../src/server/ingest/content/source.ts';

const t0 = cliMessages(cliLocale(undefined));
let args: ReturnType<typeof parseCliArgs>;
try {
  args = parseCliArgs(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  console.error(t0('usageError', { message: e.message }));
  console.error(t0('usage'));
  process.exit(2);
}
const t = cliMessages(args.lang);
if (args.help) {
  console.log(t('usage'));
  process.exit(0);
}

let booted: Booted | undefined;
try {
  if (!args.dryRun) {
    // Like the server: a brand-new database gets the demo data first (SEED=auto), so coins and
    // exchanges exist and a later server start does not replace the imported content. Runs
    // beside a running server too: both use the same PostgreSQL.
    booted = await boot({ role: 'tool', live: false });
    if (booted.seeded) console.log(t('seeded'));
  }
  const started = Date.now();
  console.log(t('reading', { source: args.source }));
  const result = await runImport(booted?.handle.db ?? null, args);
  for (const line of formatSummary(result, t, args.dryRun)) console.log(line);
  // New announcements reach subscribers' browsers now rather than at the server's next round
  // (each device once, whoever sends first).
  if (booted && result.report.byKind.announcements > 0) {
    const { notifyNewAnnouncements } = await import('../src/server/notify/push.ts');
    const pushed = await notifyNewAnnouncements(booted.handle.db);
    if (pushed.sent + pushed.gone + pushed.failed > 0)
      console.log(`Push: ${pushed.sent} sent, ${pushed.gone} devices gone, ${pushed.failed} failed.`);
  }
  console.log(t('done', { seconds: ((Date.now() - started) / 1000).toFixed(1) }));
} catch (e) {
  if (e instanceof SourceError) console.error(t('sourceError', { message: e.message }));
  else console.error(t('failed', { message: (e as Error).message }));
  process.exitCode = 1;
} finally {
  await booted?.shutdown();
}
