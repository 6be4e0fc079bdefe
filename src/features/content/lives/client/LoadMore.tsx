import { useEffect, useState, type MouseEvent } from 'react';
import { dayHeading, timeOfDay } from '../../../../lib/calendar.ts';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import { foreignLang } from '../../../../lib/i18n/contentLanguage.ts';
import { apiGet } from '../../../../stores/api.ts';

/** The fields of GET /api/v1/lives items the timeline shows. */
interface Item {
  id: number;
  title: string;
  body: string;
  important: boolean;
  votesUp: number;
  votesDown: number;
  publishedAt: string;
  /** The language the item is written in. */
  locale: string;
  coins: { id: string; symbol: string; name: string }[];
  /** Its source and the original (content/sources origin.ts); demo items say so at the page's heading. */
  origin?: { name: string | null; link: string | null; demo: boolean };
  /** A Simplified item converted for a Traditional Chinese reader. */
  convertedFrom?: 'zh';
}

interface Props {
  locale: Locale;
  /** Locale prefix of the page ("" or "/zh"). */
  base: string;
  dict: Dict;
  /** Cursor of the next page; null when the server page was the last. */
  next: number | null;
  size: number;
  important: boolean;
  /** The day of the last item on the page: appended items of that day continue its section. */
  lastDay: string | null;
  /** The no-JavaScript link to the next page. */
  href: string;
}

/**
 * "Load more" under the flash news timeline. Without JavaScript it is a plain link to the next
 * page (`?before=<id>`); hydrated, it appends the next items in place through the API and
 * keeps the link pointing at the page after them.
 */
export default function LoadMore({ locale, base, dict, next: first, size, important, lastDay, href }: Props) {
  const t = createTranslator(dict);
  const [items, setItems] = useState<Item[]>([]);
  const [next, setNext] = useState(first);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  // Once drawn, new items' vote buttons show the reader's earlier votes (src/features/reader/votes/client/loader.ts).
  useEffect(() => {
    if (items.length) window.dispatchEvent(new Event('coinlens:votes-added'));
  }, [items.length]);

  const link = (cursor: number) => {
    const url = new URL(href, 'http://x');
    url.searchParams.set('before', String(cursor));
    return url.pathname + url.search;
  };

  async function load(event: MouseEvent) {
    if (next === null || state === 'loading') return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab or window: the link
    event.preventDefault();
    setState('loading');
    try {
      const page = await apiGet<{ list: Item[]; next: number | null }>('/v1/lives', {
        before: next,
        size,
        important: important ? 'true' : undefined,
      });
      setItems((prev) => [...prev, ...page.list]);
      setNext(page.next);
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  const groups: { date: string; items: Item[] }[] = [];
  for (const item of items) {
    const date = item.publishedAt.slice(0, 10);
    const last = groups.at(-1);
    if (last?.date === date) last.items.push(item);
    else groups.push({ date, items: [item] });
  }

  return (
    <>
      {groups.length > 0 && (
        <div className="lives-timeline" data-testid="lives-appended">
          {groups.map((g, i) => (
            <section className="lives-day" data-day={g.date} key={g.date}>
              {!(i === 0 && g.date === lastDay) && (
                <h2 className="lives-day-head" data-testid="lives-day">
                  <time dateTime={g.date}>{dayHeading(g.date, locale)}</time>
                </h2>
              )}
              <ol className="lives-items">
                {g.items.map((item) => (
                  <li
                    className={item.important ? 'lives-item important' : 'lives-item'}
                    data-testid="lives-item"
                    data-id={item.id}
                    key={item.id}
                  >
                    <time className="lives-time num" dateTime={item.publishedAt}>
                      {timeOfDay(item.publishedAt)}
                    </time>
                    <div className="lives-content">
                      <h3 className="lives-title">
                        {item.important && <span className="badge demo">{t('lives.important')}</span>}
                        {item.locale !== locale && (
                          <span
                            className="badge lang-tag"
                            title={t(`contentLanguage.title.${item.locale}`)}
                            data-lang-tag={item.locale}
                          >
                            {t(`contentLanguage.tag.${item.locale}`)}
                          </span>
                        )}
                        <a href={`${base}/lives/${item.id}`} lang={foreignLang(item.locale, locale)}>
                          {item.title}
                        </a>
                      </h3>
                      <p className="lives-body" lang={foreignLang(item.locale, locale)}>
                        {item.body}
                      </p>
                      <div className="lives-meta">
                        {item.origin && !item.origin.demo && item.origin.link && (
                          <a
                            className="origin"
                            href={item.origin.link}
                            rel="nofollow noopener noreferrer"
                            target="_blank"
                            data-testid="item-source"
                          >
                            {item.origin.name ? t('sources.from', { name: item.origin.name }) : t('sources.original')}
                          </a>
                        )}
                        {item.convertedFrom && (
                          <span className="badge lang-tag" title={t('sources.convertedHint')} data-testid="converted">
                            {t('sources.converted')}
                          </span>
                        )}
                        {item.coins.length > 0 && (
                          <ul className="chips" aria-label={t('lives.relatedCoins')}>
                            {item.coins.map((c) => (
                              <li key={c.id}>
                                <a href={`${base}/coin/${encodeURIComponent(c.id)}`} title={c.name}>
                                  {c.symbol}
                                </a>
                              </li>
                            ))}
                          </ul>
                        )}
                        <span className="vote-buttons num lives-votes" data-votes="flash" data-id={item.id}>
                          {(
                            [
                              ['bullish', 'rise', '▲', item.votesUp, 'vote-up'],
                              ['bearish', 'fall', '▼', item.votesDown, 'vote-down'],
                            ] as const
                          ).map(([key, cls, arrow, n, testid]) => (
                            <button
                              key={key}
                              type="button"
                              className={`vote ${cls}`}
                              data-vote={key}
                              data-tpl={`${arrow} ${t(`lives.${key}`)} {{count}}`}
                              data-count={n}
                              aria-pressed="false"
                              data-testid={testid}
                            >
                              {`${arrow} ${t(`lives.${key}`)} ${n}`}
                            </button>
                          ))}
                        </span>
                      </div>
                    </div>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
      <div className="lives-more" aria-live="polite">
        {next === null ? (
          <p className="muted" data-testid="lives-end">
            {t('lives.end')}
          </p>
        ) : (
          <a href={link(next)} onClick={load} data-testid="lives-load-more" aria-busy={state === 'loading'}>
            {state === 'loading' ? t('lives.loading') : t('lives.loadMore')}
          </a>
        )}
        {state === 'failed' && (
          <p className="muted" role="alert">
            {t('lives.loadFailed')}
          </p>
        )}
      </div>
    </>
  );
}
