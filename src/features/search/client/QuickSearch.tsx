import { useStore } from '@nanostores/react';
import { useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { recogniseChainQuery } from '../../../lib/chainQuery.ts';
import { describeChainQuery, explorerOffer } from '../../../lib/explorers.ts';
import { createTranslator, type Dict, type Locale } from '../../../lib/i18n/index.ts';
import { itemSearch, QUICK_SEARCH_HITS, searchItems, type QuickSearchItem } from '../../../lib/search.ts';
import {
  $explorers,
  $found,
  $quickSearch,
  FIND_DEBOUNCE_MS,
  FIND_FROM,
  findKey,
  findOnServer,
  loadExplorers,
  loadQuickSearch,
  mergeHits,
} from './quickSearch.ts';

interface Props {
  locale: Locale;
  /** Locale prefix of the current page ("" or "/zh"), kept on result links. */
  base: string;
  dict: Dict;
  /** What the visitor already typed into the server-rendered box this replaces. */
  initialQuery?: string;
  /** Whether that box had the focus (and where its caret was): the new one takes them over. */
  focus?: { start: number | null; end: number | null } | null;
}

type Hit =
  | { kind: 'coin' | 'exchange'; key: string; item: QuickSearchItem; href: string }
  /** An address or hash typed in, on one block explorer (another site: a new tab). */
  | { kind: 'explorer'; key: string; name: string; detail: string; href: string };

/**
 * Header quick search over coins and exchanges (exact matches, then prefixes, then fuse.js's near
 * matches: src/lib/search.ts): the cached lists of the top ones answer at once, and the server's
 * hits among all of them are merged in when typing pauses. The header renders the same form as plain HTML (it submits to
 * /search without JavaScript); this island replaces it on the visitor's first interaction
 * (mount.tsx), so no framework code loads before.
 */
export default function QuickSearch({ locale, base, dict, initialQuery = '', focus = null }: Props) {
  const t = createTranslator(dict);
  const { status, lists } = useStore($quickSearch);
  const explorers = useStore($explorers);
  const found = useStore($found);
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(focus !== null);
  // The selected suggestion by its key, so it stays selected when the server's hits arrive
  // around it; null: none, and Enter submits the query to the search page.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const deferred = useDeferredValue(query.trim());
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // Take over focus and caret from the box this replaced, before the browser paints.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || !focus) return;
    input.focus();
    if (focus.start !== null) input.setSelectionRange(focus.start, focus.end ?? focus.start);
    void loadQuickSearch();
    // Only on mount: later focus changes are the visitor's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const searches = useMemo(() => ({ coins: itemSearch(lists.coins), exchanges: itemSearch(lists.exchanges) }), [lists]);

  // An address or a transaction hash: offered on the block explorers of its networks.
  const chain = useMemo(() => recogniseChainQuery(deferred), [deferred]);
  useEffect(() => {
    if (chain) void loadExplorers();
  }, [chain]);

  // The rest of the market: asked for when typing pauses (at once when already answered).
  const remoteKey = !chain && findKey(deferred).length >= FIND_FROM ? findKey(deferred) : null;
  useEffect(() => {
    if (!remoteKey) return;
    if ($found.get().has(remoteKey)) return;
    const timer = setTimeout(() => void findOnServer(remoteKey), FIND_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [remoteKey]);
  const remote = remoteKey ? found.get(remoteKey) : undefined;
  // Waiting for the server: typing has not paused yet, or its answer is on the way.
  const pending = remoteKey !== null && (!remote || remote.status === 'loading');
  // Nothing could be searched: the lists did not load, and the server did not answer either.
  const failed = status === 'failed' && (remoteKey === null || remote?.status === 'failed');

  const hits: Hit[] = useMemo(() => {
    if (!deferred) return [];
    const onExplorers: Hit[] = chain
      ? explorerOffer(chain, explorers.catalog).map((l) => ({
          kind: 'explorer' as const,
          key: l.explorer,
          name: l.name,
          detail: `${t(`explorer.network.${l.network}`)} · ${l.coins[0]?.symbol ?? ''}`,
          href: l.href,
        }))
      : [];
    const coins = mergeHits(
      searchItems(searches.coins, deferred, QUICK_SEARCH_HITS.coin),
      remote?.coins ?? [],
      deferred,
      QUICK_SEARCH_HITS.coin,
    ).map((item) => ({
      kind: 'coin' as const,
      key: item.id,
      item,
      href: `${base}/coin/${encodeURIComponent(item.id)}`,
    }));
    const exchanges = mergeHits(
      searchItems(searches.exchanges, deferred, QUICK_SEARCH_HITS.exchange),
      remote?.exchanges ?? [],
      deferred,
      QUICK_SEARCH_HITS.exchange,
    ).map((item) => ({
      kind: 'exchange' as const,
      key: item.id,
      item,
      href: `${base}/exchange/${encodeURIComponent(item.id)}`,
    }));
    return [...onExplorers, ...coins, ...exchanges];
    // t changes with dict only, which never changes after mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deferred, searches, base, chain, explorers.catalog, remote]);
  const hitKey = (h: Hit) => `${h.kind}:${h.key}`;
  const active = activeKey === null ? -1 : hits.findIndex((h) => hitKey(h) === activeKey);
  const select = (i: number) => {
    const hit = hits[i];
    if (hit) setActiveKey(hitKey(hit));
  };

  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    if (hit.kind === 'explorer') window.open(hit.href, '_blank', 'noopener,noreferrer');
    else window.location.assign(hit.href);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      select(Math.min(active + 1, hits.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      select(Math.max(active - 1, 0));
    } else if (e.key === 'Enter') {
      const hit = hits[active];
      if (hit) {
        e.preventDefault();
        go(hit);
      } // else the form submits the query to /search
    } else if (e.key === 'Escape') {
      setOpen(false);
      inputRef.current?.blur();
    }
  };

  const section = (kind: Hit['kind'], title: string) => {
    const rows = hits.map((h, i) => ({ h, i })).filter(({ h }) => h.kind === kind);
    if (!rows.length) return null;
    return (
      <li role="presentation" className="qs-group">
        <div className="qs-title">{title}</div>
        {kind === 'explorer' && chain && <div className="qs-note">{describeChainQuery(chain, t)}</div>}
        {kind === 'explorer' && chain?.badChecksum && (
          <div className="qs-note" role="note">
            {t('explorer.badChecksum')}
          </div>
        )}
        <ul role="presentation">
          {rows.map(({ h, i }) => (
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole lint/a11y/useFocusableInteractive: the ARIA combobox pattern: focus stays in the input, which names the active option
            <li key={`${kind}:${h.key}`} id={`${listId}-${i}`} role="option" aria-selected={i === active}>
              {h.kind === 'explorer' ? (
                <a
                  className="qs-explorer"
                  href={h.href}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  onMouseEnter={() => select(i)}
                  data-testid="quick-search-explorer"
                  data-explorer={h.key}
                >
                  <b>
                    {h.name} <span aria-hidden="true">↗</span>
                  </b>
                  <span className="qs-name">{h.detail}</span>
                  <span className="sr-only"> ({t('explorer.newTab')})</span>
                </a>
              ) : (
                <a href={h.href} onMouseEnter={() => select(i)}>
                  {kind === 'coin' && (
                    <img
                      src={`/icons/coins/${encodeURIComponent(h.item.id)}.svg`}
                      alt=""
                      width={18}
                      height={18}
                      loading="lazy"
                    />
                  )}
                  <b>{kind === 'coin' ? h.item.symbol : h.item.name}</b>
                  {kind === 'coin' && (
                    <span className="qs-name">
                      {h.item.names?.[locale] ? `${h.item.names[locale]} ${h.item.name}` : h.item.name}
                    </span>
                  )}
                </a>
              )}
            </li>
          ))}
        </ul>
      </li>
    );
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the browsers the site supports
    <form
      className="qs"
      role="search"
      action={`${base}/search`}
      method="get"
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setTimeout(() => setOpen(false), 150)}
    >
      {/* ARIA 1.2 combobox: a text input (an input of type search may not take the role) that
          controls the listbox while it is shown. */}
      <input
        ref={inputRef}
        type="text"
        enterKeyHint="search"
        name="q"
        role="combobox"
        data-testid="quick-search-input"
        aria-label={t('search.label')}
        aria-autocomplete="list"
        aria-expanded={open && deferred.length > 0}
        aria-controls={open && deferred.length > 0 ? listId : undefined}
        aria-activedescendant={open && hits[active] ? `${listId}-${active}` : undefined}
        placeholder={t('search.placeholder')}
        value={query}
        autoComplete="off"
        onFocus={() => {
          setOpen(true);
          void loadQuickSearch();
        }}
        onChange={(e) => {
          setQuery(e.target.value);
          setActiveKey(null);
          setOpen(true);
          void loadQuickSearch();
        }}
        onKeyDown={onKeyDown}
      />
      {open && deferred.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern's popup list
        <ul className="qs-results" id={listId} role="listbox" data-testid="quick-search-results">
          {chain && explorers.status === 'loading' && <li className="qs-empty">{t('explorer.qs.loading')}</li>}
          {chain && explorers.status === 'failed' && <li className="qs-empty">{t('explorer.qs.failed')}</li>}
          {!chain && (status === 'loading' || pending) && !hits.length && (
            <li className="qs-empty">{t('search.loading')}</li>
          )}
          {!chain && !pending && failed && !hits.length && <li className="qs-empty">{t('search.failed')}</li>}
          {chain && explorers.status === 'ready' && !hits.some((h) => h.kind === 'explorer') && (
            <li className="qs-empty">{t('explorer.none')}</li>
          )}
          {!chain && (status === 'ready' || status === 'failed') && !pending && !failed && !hits.length && (
            <li className="qs-empty">{t('search.noResults')}</li>
          )}
          {section('explorer', t('explorer.qs.title'))}
          {section('coin', t('search.coins'))}
          {section('exchange', t('search.exchanges'))}
        </ul>
      )}
    </form>
  );
}
