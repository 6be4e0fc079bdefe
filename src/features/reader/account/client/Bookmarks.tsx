/**
 * The bookmarks tab of the user centre (SPEC §7 "GET v1 favorite/page…"): the articles, flash
 * news and announcements the reader saved, newest saved first, a page at a time, each with its
 * kind, date and a remove button (favorite/page/deleteOne; the page is asked for again after it,
 * so the next item moves up).
 */
import { useCallback, useEffect, useState } from 'react';
import { LOCALE_TAGS, type Locale } from '../../../../lib/i18n/index.ts';
import { foreignLang } from '../../../../lib/i18n/contentLanguage.ts';
import { apiGet } from '../../../../stores/api.ts';
import { errorText, FormNote, type Note, type T } from './fields.tsx';
import './follow.css';

interface Bookmark {
  kind: 'article' | 'flash' | 'announcement';
  id: number;
  title: string;
  link: string;
  label: string | null;
  publishedAt: string;
  bookmarkedAt: string;
  locale: string;
}

interface Page {
  list: Bookmark[];
  total: number;
  page: number;
  size: number;
}

const SIZE = 10;

export default function Bookmarks({ t, locale, base }: { t: T; locale: Locale; base: string }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const date = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium' });

  const load = useCallback(async (p: number) => {
    setFailure(null);
    try {
      const answer = await apiGet<Page>('/v1/favorite/page', { page: p, size: SIZE });
      // The last item of the last page removed (here or elsewhere): show the page before.
      if (answer.list.length === 0 && p > 1) return setPage(Math.max(1, Math.ceil(answer.total / SIZE)));
      setData(answer);
    } catch (e) {
      setFailure(errorText(e, t));
    }
  }, []);

  useEffect(() => void load(page), [page, load]);

  const go = (p: number) => {
    setData(null);
    setNote(null);
    setPage(p);
  };

  const remove = async (b: Bookmark) => {
    const key = `${b.kind}:${b.id}`;
    setBusy(key);
    setNote(null);
    try {
      await apiGet<boolean>('/v1/favorite/page/deleteOne', { kind: b.kind, id: b.id });
      await load(page);
    } catch (e) {
      setNote({ kind: 'error', text: errorText(e, t) });
    } finally {
      setBusy(null);
    }
  };

  // An article's label says news or research; an announcement's names its exchange.
  const labelOf = (b: Bookmark) =>
    b.kind === 'article' ? t(b.label === 'research' ? 'follow.kind_research' : 'follow.kind_news') : b.label;

  if (failure)
    return (
      <div className="acc-result error" data-testid="bookmarks-error">
        <p>{t('follow.bookmarks.failed', { msg: failure })}</p>
        <button type="button" className="btn secondary" onClick={() => void load(page)}>
          {t('follow.retry')}
        </button>
      </div>
    );
  if (!data)
    return (
      <p className="muted" role="status" data-testid="bookmarks-loading">
        {t('account.common.loading')}
      </p>
    );
  if (data.total === 0)
    return (
      <div className="acc-result" data-testid="bookmarks-empty">
        <p>{t('follow.bookmarks.empty')}</p>
      </div>
    );

  const pages = Math.max(1, Math.ceil(data.total / SIZE));
  return (
    <section className="follow-panel" aria-labelledby="bookmarks-h" data-testid="bookmarks">
      <h2 id="bookmarks-h">
        {t('follow.bookmarks.heading')}{' '}
        <span className="muted count">{t('follow.bookmarks.count', { n: data.total })}</span>
      </h2>
      <ul className="follow-items" data-testid="bookmarks-list">
        {data.list.map((b) => (
          <li key={`${b.kind}:${b.id}`} data-kind={b.kind} data-id={b.id}>
            {b.locale !== locale && (
              <span className="badge lang-tag" title={t(`contentLanguage.title.${b.locale}`)} data-lang-tag={b.locale}>
                {t(`contentLanguage.tag.${b.locale}`)}
              </span>
            )}
            <a className="title" href={`${base}${b.link}`} lang={foreignLang(b.locale, locale)}>
              {b.title}
            </a>
            <span className="meta muted">
              <span className="kind" data-testid="bookmark-kind">
                {t(`follow.bookmarks.kind_${b.kind}`)}
              </span>
              {labelOf(b) && <span>{labelOf(b)}</span>}
              <time dateTime={b.publishedAt}>
                {t('follow.bookmarks.published', { date: date.format(new Date(b.publishedAt)) })}
              </time>
            </span>
            <button
              type="button"
              className="btn secondary small"
              disabled={busy === `${b.kind}:${b.id}`}
              aria-label={t('follow.bookmarks.removeName', { title: b.title })}
              onClick={() => void remove(b)}
              data-testid="bookmark-remove"
            >
              {t('follow.bookmarks.remove')}
            </button>
          </li>
        ))}
      </ul>
      {note && <FormNote note={note} testId="bookmarks-note" />}
      {pages > 1 && (
        <div className="follow-pager">
          <button
            type="button"
            className="btn secondary"
            disabled={page <= 1}
            onClick={() => go(page - 1)}
            data-testid="bookmarks-previous"
          >
            {t('follow.bookmarks.previous')}
          </button>
          <span data-testid="bookmarks-page">{t('follow.bookmarks.page', { page, pages })}</span>
          <button
            type="button"
            className="btn secondary"
            disabled={page >= pages}
            onClick={() => go(page + 1)}
            data-testid="bookmarks-next"
          >
            {t('follow.bookmarks.next')}
          </button>
        </div>
      )}
    </section>
  );
}
