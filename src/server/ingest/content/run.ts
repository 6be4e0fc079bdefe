/**
 * The content ingest: every content source on its own schedule (its `everyMinutes`), in the
 * process that runs the market (a realtime hub source: one leader per database). A round reads
 * each of the source's languages, drops stories already told (same link: the key; near-identical
 * title: dedupe.ts), and stores the rest as the import does, keeping only the summary of another
 * site's article. A kind's first successful round replaces its demo content (demo.ts). A failing
 * source waits twice as long after each failure (up to six hours), longer when it asked so
 * (Retry-After), and keeps what it stored; its state goes to `content_sources` for /api/health.
 * New announcements are pushed to their subscribers at once (exactly once: notify/push.ts).
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ContentKind, ContentSource } from '../../../features/content/sources/index.ts';
import type { Db } from '../../db/index.ts';
import { announcements, articles, contentSources, flashNews } from '../../db/schema/index.ts';
import { Repeat } from '../../realtime/repeat.ts';
import type { PriceSource } from '../../realtime/types.ts';
import type { SourceHttp } from '../sources/http.ts';
import { adapterOf, httpFor } from './adapters.ts';
import { newStories } from './dedupe.ts';
import { replaceDemoContent } from './demo.ts';
import { importItems } from './import.ts';
import type { ContentLocale, ImportItem } from './item.ts';

const MINUTE = 60_000;
const MAX_BACKOFF_MS = 6 * 3_600_000;
/** Stored titles a new one is compared with: the same kind and language, this recent. */
const RECENT_MS = 48 * 3_600_000;

/** Flash news worth a reader's attention at once: a hack, a ruling, a record, a collapse. */
const IMPORTANT =
  /breaking|hack(ed)?\b|exploit|stolen|\bsec\b|etf (approv|reject)|approves?|liquidat|all-time high|bankrupt|突发|黑客|被盗|漏洞|批准|清算|历史新高|歷史新高|破产|破產|속보|해킹|탈취|승인|청산|사상 최고|파산/i;

export interface ContentIngestOptions {
  db: Db;
  sources: ContentSource[];
  log?: (line: string) => void;
  now?: () => number;
  /** How often the schedule is looked at, ms. */
  tickMs?: number;
  /** Tests: the fetch every source's requests go through. */
  fetch?: typeof fetch;
  /** Per request, ms (default 15 s). */
  timeoutMs?: number;
  /** Called after new announcements are stored (the push notifier). */
  onAnnouncements?: (db: Db) => Promise<unknown>;
}

interface Slot {
  source: ContentSource;
  http: SourceHttp | null;
  nextAt: number;
  failures: number;
}

export interface RoundResult {
  source: string;
  ok: boolean;
  read: number;
  stored: number;
  /** Items dropped as a story already told (near-identical title). */
  repeated: number;
  error?: string;
}

export class ContentIngest implements PriceSource {
  readonly name = 'content';
  private readonly repeat: Repeat;
  private readonly slots: Slot[];

  constructor(private readonly o: ContentIngestOptions) {
    this.slots = o.sources.map((source) => {
      const adapter = adapterOf(source);
      return {
        source,
        http: adapter ? httpFor(source, adapter, { fetch: o.fetch, timeoutMs: o.timeoutMs }) : null,
        nextAt: 0,
        failures: 0,
      };
    });
    for (const s of this.slots)
      if (!s.http) this.log(`[content] ${s.source.id}: unknown adapter "${s.source.adapter}"; not run`);
    this.repeat = new Repeat(
      o.tickMs ?? 5000,
      async () => {
        await this.runDue();
      },
      (e) => this.log(`[content] ${(e as Error).message}`),
    );
  }

  private log(line: string) {
    (this.o.log ?? console.log)(line);
  }

  private now() {
    return (this.o.now ?? Date.now)();
  }

  start(): void {
    this.repeat.start();
  }

  stop(): Promise<void> {
    return this.repeat.stop();
  }

  /** Runs every source whose time has come, one after another; returns their outcomes. */
  async runDue(): Promise<RoundResult[]> {
    const out: RoundResult[] = [];
    for (const slot of this.slots) {
      if (!slot.http || slot.nextAt > this.now()) continue;
      out.push(await this.round(slot));
    }
    return out;
  }

  private async round(slot: Slot): Promise<RoundResult> {
    const { source } = slot;
    const http = slot.http!;
    const adapter = adapterOf(source)!;
    const startedAt = new Date(this.now());
    const result: RoundResult = { source: source.id, ok: false, read: 0, stored: 0, repeated: 0 };
    const items: ImportItem[] = [];
    const errors: string[] = [];
    for (const locale of source.locales) {
      try {
        const read = await adapter.read(http, source, locale as ContentLocale);
        items.push(...read.map((i) => ({ ...i, locale: i.locale ?? (locale as ContentLocale) })));
      } catch (e) {
        errors.push((e as Error).message);
      }
    }
    result.read = items.length;
    try {
      if (errors.length === source.locales.length) throw new Error(errors.join('; '));
      if (items.length) {
        const removed = await replaceDemoContent(this.o.db, source.kind, startedAt);
        if (removed !== null)
          this.log(
            `[content] first ${source.kind} from ${source.name}: the ${removed} demo items of that kind are gone, with readers' bookmarks, votes and views of them`,
          );
      }
      const { fresh, repeated } = await this.newItems(source.kind, items);
      result.repeated = repeated;
      const report = await importItems(this.o.db, fresh, {
        kind: source.kind,
        source: source.id,
        excerpt: true,
        now: startedAt,
        ...(source.exchange ? { exchange: source.exchange } : {}),
      });
      result.stored = report.added;
      for (const f of report.failed.slice(0, 3)) this.log(`[content] ${source.id}: ${f.origin}: ${f.reason}`);
      if (source.kind === 'announcements' && report.added && this.o.onAnnouncements)
        await this.o.onAnnouncements(this.o.db).catch((e) => this.log(`[content] push: ${(e as Error).message}`));
      result.ok = true;
      slot.failures = 0;
      slot.nextAt = this.now() + source.everyMinutes * MINUTE;
      await this.saveState(source.id, startedAt, { ok: true, stored: report.added, error: errors.join('; ') || null });
    } catch (e) {
      result.error = (e as Error).message;
      slot.failures++;
      const backoff = Math.min(source.everyMinutes * MINUTE * 2 ** slot.failures, MAX_BACKOFF_MS);
      slot.nextAt = Math.max(this.now() + backoff, http.restingUntil());
      this.log(
        `[content] ${source.id}: ${result.error}; next try in ${Math.round((slot.nextAt - this.now()) / MINUTE)} min, what is stored stays`,
      );
      await this.saveState(source.id, startedAt, { ok: false, stored: 0, error: result.error }).catch(() => {});
    }
    return result;
  }

  /**
   * The items that are neither stored (by key) nor a story already told (by title: `repeated`
   * counts those, and a key repeated within the answer), with flash news's importance.
   */
  private async newItems(kind: ContentKind, items: ImportItem[]): Promise<{ fresh: ImportItem[]; repeated: number }> {
    if (!items.length) return { fresh: [], repeated: 0 };
    const since = new Date(this.now() - RECENT_MS);
    const byLocale = new Map<string, ImportItem[]>();
    for (const i of items) byLocale.set(i.locale ?? 'en', [...(byLocale.get(i.locale ?? 'en') ?? []), i]);
    const out: ImportItem[] = [];
    let repeated = 0;
    for (const [locale, list] of byLocale) {
      const known = await this.storedTitles(
        kind,
        locale as ContentLocale,
        since,
        list.map((i) => i.key),
      );
      const notStored = list.filter((i) => !known.keys.has(i.key));
      const unseen = [...new Map(notStored.map((i) => [i.key, i])).values()];
      const stories = newStories(unseen, known.titles);
      repeated += notStored.length - stories.length;
      out.push(...stories);
    }
    const fresh = out.map((i) => (kind === 'lives' && IMPORTANT.test(i.title) ? { ...i, important: true } : i));
    return { fresh, repeated };
  }

  private async storedTitles(kind: ContentKind, locale: ContentLocale, since: Date, keys: string[]) {
    const db = this.o.db;
    if (kind === 'lives') {
      const [recent, stored] = await Promise.all([
        db
          .select({ title: flashNews.title })
          .from(flashNews)
          .where(and(eq(flashNews.locale, locale), gt(flashNews.publishedAt, since)))
          .orderBy(desc(flashNews.publishedAt))
          .limit(500),
        db.select({ key: flashNews.sourceUrl }).from(flashNews).where(inArray(flashNews.sourceUrl, keys)),
      ]);
      return { titles: recent.map((r) => r.title), keys: new Set(stored.map((r) => r.key)) };
    }
    if (kind === 'announcements') {
      const stored = await db
        .select({ key: announcements.url })
        .from(announcements)
        .where(inArray(announcements.url, keys));
      // An exchange's own list has no second outlet telling the same story: keys alone.
      return { titles: [], keys: new Set(stored.map((r) => r.key)) };
    }
    const [recent, stored] = await Promise.all([
      db
        .select({ title: articles.title })
        .from(articles)
        .where(and(eq(articles.kind, kind), eq(articles.locale, locale), gt(articles.publishedAt, since)))
        .orderBy(desc(articles.publishedAt))
        .limit(500),
      db.select({ key: articles.sourceUrl }).from(articles).where(inArray(articles.sourceUrl, keys)),
    ]);
    return { titles: recent.map((r) => r.title), keys: new Set(stored.map((r) => r.key)) };
  }

  private async saveState(id: string, at: Date, r: { ok: boolean; stored: number; error: string | null }) {
    const values = r.ok
      ? { lastAttemptAt: at, lastSuccessAt: at, lastStored: r.stored, lastError: r.error, failures: 0 }
      : { lastAttemptAt: at, lastError: r.error, failures: sql`${contentSources.failures} + 1` };
    await this.o.db
      .insert(contentSources)
      .values({
        id,
        lastAttemptAt: at,
        ...(r.ok ? { lastSuccessAt: at, lastStored: r.stored } : {}),
        lastError: r.error,
        failures: r.ok ? 0 : 1,
      })
      .onConflictDoUpdate({ target: contentSources.id, set: values });
  }
}
