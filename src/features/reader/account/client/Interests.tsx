/**
 * "My interests" in the user centre (SPEC §7 "GET v2 content/follow"): the columnists the reader
 * follows, each with an unfollow button, and their articles, newest first, a page at a time.
 * Unfollowing goes through the page's follows store (code 0 only), then the articles are asked
 * for again, since that columnist's articles leave the list.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { LOCALE_TAGS, type Locale } from '../../../../lib/i18n/index.ts';
import { apiGet } from '../../../../stores/api.ts';
import { follows } from '../../follows/client/index.ts';
import { errorText, FormNote, type Note, type T } from './fields.tsx';
import './follow.css';

interface Columnist {
  _id: number;
  name: string;
  avatar: string | null;
  bio: string | null;
  followers: number;
}

interface Article {
  id: number;
  kind: 'news' | 'research';
  title: string;
  summary: string | null;
  publishedAt: string;
  columnist: { id: number; name: string } | null;
}

interface Page<X> {
  list: X[];
  total: number;
  page: number;
  size: number;
}

const SIZE = 10;

export default function Interests({ t, locale, base }: { t: T; locale: Locale; base: string }) {
  const store = follows();
  const followed = useStore(store.$followed);
  const [columnists, setColumnists] = useState<Columnist[] | null>(null);
  const [articles, setArticles] = useState<Page<Article> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [more, setMore] = useState<{ busy: boolean; note: Note }>({ busy: false, note: null });
  const [unfollowNote, setUnfollowNote] = useState<Note>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const date = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium' });

  const loadAll = useCallback(async () => {
    setFailure(null);
    setColumnists(null);
    setArticles(null);
    try {
      const [list, first] = await Promise.all([
        apiGet<Columnist[]>('/new/v1/columnist/list', { size: 0 }),
        apiGet<Page<Article>>('/new/v2/content/follow', { page: 1, size: SIZE }),
      ]);
      store.adopt(list.map((c) => c._id));
      setColumnists(list);
      setArticles(first);
    } catch (e) {
      setFailure(errorText(e, t));
    }
  }, []);

  useEffect(() => void loadAll(), [loadAll]);

  const loadMore = async () => {
    if (!articles || more.busy) return;
    setMore({ busy: true, note: null });
    try {
      const next = await apiGet<Page<Article>>('/new/v2/content/follow', { page: articles.page + 1, size: SIZE });
      // Articles published meanwhile shift the pages: skip the ones already shown.
      const seen = new Set(articles.list.map((a) => a.id));
      setArticles({ ...next, list: [...articles.list, ...next.list.filter((a) => !seen.has(a.id))] });
      setMore({ busy: false, note: null });
    } catch (e) {
      setMore({ busy: false, note: { kind: 'error', text: errorText(e, t) } });
    }
  };

  const unfollow = async (c: Columnist) => {
    setBusyId(c._id);
    setUnfollowNote(null);
    try {
      await store.toggle(c._id);
      setArticles(await apiGet<Page<Article>>('/new/v2/content/follow', { page: 1, size: SIZE }));
    } catch (e) {
      setUnfollowNote({ kind: 'error', text: errorText(e, t) });
    } finally {
      setBusyId(null);
    }
  };

  if (failure)
    return (
      <div className="acc-result error" data-testid="interests-error">
        <p>{t('follow.interests.failed', { msg: failure })}</p>
        <button type="button" className="btn secondary" onClick={() => void loadAll()}>
          {t('follow.retry')}
        </button>
      </div>
    );
  if (!columnists || !articles)
    return (
      <p className="muted" role="status" data-testid="interests-loading">
        {t('account.common.loading')}
      </p>
    );

  const shown = columnists.filter((c) => followed?.has(c._id) ?? true);
  if (shown.length === 0)
    return (
      <div className="acc-result" data-testid="interests-empty">
        <p>{t('follow.interests.empty')}</p>
        <a className="btn primary" href={`${base}/columnist`}>
          {t('follow.interests.browse')}
        </a>
      </div>
    );

  return (
    <div className="follow-panel" data-testid="interests">
      <section aria-labelledby="interests-columnists-h">
        <h2 id="interests-columnists-h">{t('follow.interests.columnists')}</h2>
        <ul className="follow-columnists" data-testid="interests-columnists">
          {shown.map((c) => (
            <li key={c._id} data-id={c._id}>
              <a href={`${base}/columnist/${c._id}`}>{c.name}</a>
              <button
                type="button"
                className="btn secondary small"
                disabled={busyId === c._id}
                aria-label={t('follow.unfollowName', { name: c.name })}
                onClick={() => void unfollow(c)}
                data-testid="unfollow"
              >
                {t('follow.unfollow')}
              </button>
            </li>
          ))}
        </ul>
        {unfollowNote && <FormNote note={unfollowNote} testId="unfollow-note" />}
      </section>
      <section aria-labelledby="interests-articles-h">
        <h2 id="interests-articles-h">{t('follow.interests.articles')}</h2>
        {articles.list.length === 0 ? (
          <p className="muted" data-testid="interests-no-articles">
            {t('follow.interests.noArticles')}
          </p>
        ) : (
          <ul className="follow-items" data-testid="interests-articles">
            {articles.list.map((a) => (
              <li key={a.id}>
                <a className="title" href={`${base}/${a.kind}/${a.id}`}>
                  {a.title}
                </a>
                <span className="meta muted">
                  <span className="kind">{t(`follow.kind_${a.kind}`)}</span>
                  {a.columnist && <span>{t('follow.by', { name: a.columnist.name })}</span>}
                  <time dateTime={a.publishedAt}>{date.format(new Date(a.publishedAt))}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
        {articles.page * articles.size < articles.total && (
          <p className="follow-more">
            <button
              type="button"
              className="btn secondary"
              disabled={more.busy}
              aria-busy={more.busy}
              onClick={() => void loadMore()}
              data-testid="interests-more"
            >
              {t('follow.loadMore')}
            </button>
          </p>
        )}
        {more.note && <FormNote note={more.note} testId="interests-more-note" />}
      </section>
    </div>
  );
}
