/**
 * The watchlist (SPEC §4 "Favourite toggle", §7 "favorite/tickers/tickersByIds", "changeIndex"):
 * the reader's starred coins, pairs and exchanges, one table per type with the columns of their
 * own lists (the same markup functions, src/features/market/coins/client/markup.ts, fed a view built here
 * from src/lib), live coin prices (src/features/market/coins/client/cells.ts), unstar by the row's star, and
 * reordering by drag (pointer events: mouse, pen and touch) or by the up and down buttons.
 *
 * The list is the favourites store's (the server's when signed in, localStorage otherwise); the
 * rows come from `tickersByIds`, which needs no sign-in. No framework: the visitor page
 * (/watchlist) mounts it from a plain script and the user centre's tab from a small React wrapper.
 */
import { coinTableHtml, exchangeTableHtml, pairTableHtml } from '../../../market/coins/client/index.ts';
import { favouriteKey, parseFavouriteKey, type Favourite, type FavouriteType } from '../../../../lib/favourites.ts';
import { html, type SafeHtml } from '../../../../lib/html.ts';
import { createTranslator, type Dict } from '../../../../lib/i18n/index.ts';
import { move, ofType, sameOrder, tickerMaps, WATCHLIST_TYPES, withTypeOrder } from './order.ts';
import { $favourites, favouritesLoading, startFavourites, type Favourites } from './store.ts';
import { signedIn } from '../../../../lib/cookies.ts';
import {
  ARROW_DOWN,
  ARROW_UP,
  clientView,
  type CoinRow,
  type ExchangeRow,
  GRIP,
  type Row,
  tickersByIds,
  type TickerRow,
} from './rows.ts';

interface WatchlistOptions {
  dict: Dict;
  /** The locale prefix of the page's links ('' or '/zh'). */
  base: string;
  /** Show where the list is kept (and a login link for visitors): the visitor page does. */
  note?: boolean;
}

/** How often the rows' figures are fetched again while the page is visible (coin prices stream). */
const REFRESH_MS = 60_000;

/**
 * Mounts the watchlist into `root`; returns the function that unmounts it (the user centre's tab).
 * @example const stop = mountWatchlist(el, { dict, base: '/zh', note: true })
 */
export function mountWatchlist(root: HTMLElement, { dict, base, note = false }: WatchlistOptions): () => void {
  const t = createTranslator(dict);
  const v = clientView(t, base);
  const favourites: Favourites = startFavourites(signedIn);

  const status = document.createElement('p');
  status.className = 'sr-only';
  status.setAttribute('role', 'status');
  const noteEl = document.createElement('p');
  noteEl.className = 'wl-note muted';
  noteEl.hidden = !note;
  const body = document.createElement('div');
  body.className = 'wl-body';
  root.replaceChildren(noteEl, body, status);

  /** Rows by `TYPE:id`, as last fetched. */
  const rows = new Map<string, Row>();
  /** Keys asked for that named nothing (a delisted coin in a visitor's list). */
  const gone = new Set<string>();
  let failure: string | null = null;
  let fetching = false;
  /** A new order shown while it is being saved. */
  let pending: readonly Favourite[] | null = null;
  let saving: Promise<void> = Promise.resolve();
  let saveError: string | null = null;
  let stopLive: (() => void) | null = null;
  let liveRound = 0;
  let focusAfter: { key: string; dir: 'up' | 'down' } | null = null;
  let alive = true;
  let shownNote = '';

  const state = () => $favourites.get();
  /** The list in the order shown, only the entries with a row (the ones that can be moved). */
  const shown = (): Favourite[] => (pending ?? state().list).filter((f) => rows.has(favouriteKey(f)));
  const nameOf = (row: Row) =>
    row.type === 'COIN'
      ? (row.row.localName ?? row.row.name)
      : row.type === 'EXCHANGE'
        ? row.row.displayName
        : `${v.pair(row.row.pair)} ${row.row.exchangeDisplayName}`;

  async function fetchRows(list: readonly Favourite[]): Promise<void> {
    const answers = await Promise.all(tickerMaps(list).map((tickers) => tickersByIds(tickers, t('watch.offline'))));
    const found = new Set<string>();
    for (const row of answers.flat()) {
      const key = favouriteKey(row);
      found.add(key);
      rows.set(key, row);
    }
    for (const f of list) if (!found.has(favouriteKey(f))) gone.add(favouriteKey(f));
  }

  /** Fetches what the list needs that is not here yet (`all`: every row again, for fresh figures). */
  async function load(all = false): Promise<void> {
    if (fetching || !state().ready) return;
    const list = state().list;
    const wanted = all ? list : list.filter((f) => !rows.has(favouriteKey(f)) && !gone.has(favouriteKey(f)));
    if (wanted.length === 0) return render();
    fetching = true;
    if (!all) render();
    try {
      await fetchRows(wanted);
      failure = null;
    } catch (e) {
      failure = e instanceof Error ? e.message : String(e);
    } finally {
      fetching = false;
    }
    if (!alive) return;
    render();
    // The list changed while the rows were on their way.
    if (state().list.some((f) => !rows.has(favouriteKey(f)) && !gone.has(favouriteKey(f))) && !failure) void load();
  }

  function noteHtml(): SafeHtml {
    return state().signedIn
      ? html`${t('watch.accountNote')}`
      : html`${t('watch.visitorNote')} <a href="${v.href('/user')}" data-login>${t('watch.visitorLogin')}</a>`;
  }

  function tableHtml(type: FavouriteType, entries: readonly Favourite[]): SafeHtml {
    const found = entries.map((f) => rows.get(favouriteKey(f))!);
    if (type === 'COIN')
      return coinTableHtml(
        v,
        found.map((r) => r.row as CoinRow),
      );
    if (type === 'TICKER')
      return pairTableHtml(
        v,
        found.map((r) => r.row as TickerRow),
      );
    return exchangeTableHtml(
      v,
      found.map((r) => r.row as ExchangeRow),
    );
  }

  /** The order controls of a row: drag grip, up, down (disabled at the ends of its table). */
  function controlsHtml(row: Row, first: boolean, last: boolean): SafeHtml {
    const name = nameOf(row);
    return html`<div class="wl-order"><span class="wl-grip" data-drag title="${t('watch.drag')}" aria-hidden="true">${GRIP}</span><button type="button" class="wl-move" data-move="up" aria-label="${t('watch.up', { name })}"${first ? html` disabled` : null}>${ARROW_UP}</button><button type="button" class="wl-move" data-move="down" aria-label="${t('watch.down', { name })}"${last ? html` disabled` : null}>${ARROW_DOWN}</button></div>`;
  }

  function render(): void {
    if (!alive) return;
    // Focus inside a row survives the redraw (the rows are drawn anew each time, also by the
    // minute's refresh): the same control of the same row gets it back.
    const active = document.activeElement as HTMLElement | null;
    const activeRow = active && body.contains(active) ? active.closest<HTMLElement>('tr[data-key]') : null;
    const activeKey = activeRow?.dataset.key;
    if (!focusAfter && activeKey && active?.dataset.move)
      focusAfter = { key: activeKey, dir: active.dataset.move === 'up' ? 'up' : 'down' };
    const activeAt =
      activeRow && active && !focusAfter ? [...activeRow.querySelectorAll('a, button')].indexOf(active) : -1;
    // Busy while an order is being saved (leaving the page then may lose it).
    if (pending) root.setAttribute('aria-busy', 'true');
    else root.removeAttribute('aria-busy');
    const s = state();
    noteEl.hidden = !note || !s.ready;
    const noteNow = note ? noteHtml().value : '';
    if (noteNow !== shownNote) noteEl.innerHTML = shownNote = noteNow;
    const list = shown();
    const waiting =
      !s.ready ||
      (fetching && list.length === 0) ||
      s.list.some((f) => !rows.has(favouriteKey(f)) && !gone.has(favouriteKey(f)) && !failure);
    let markup: SafeHtml;
    if (failure && list.length === 0) {
      markup = html`<div class="wl-state" role="alert" data-testid="watchlist-error"><p>${t('watch.error', { msg: failure })}</p><button type="button" class="wl-retry" data-retry>${t('watch.retry')}</button></div>`;
    } else if (waiting && list.length === 0) {
      markup = html`<p class="wl-state" aria-busy="true" data-testid="watchlist-loading">${t('watch.loading')}</p>`;
    } else if (list.length === 0) {
      markup = html`<div class="wl-state wl-empty" data-testid="watchlist-empty"><p><b>${t('watch.empty')}</b></p><p>${t('watch.emptyHint')}</p><p class="wl-links"><a href="${v.href('/coin/list_1')}">${t('watch.browseCoins')}</a><a href="${v.href('/pairs')}">${t('watch.browsePairs')}</a><a href="${v.href('/exchange/list_1')}">${t('watch.browseExchanges')}</a></p></div>`;
    } else {
      const headings: Record<FavouriteType, string> = {
        COIN: t('watch.coins'),
        TICKER: t('watch.pairs'),
        EXCHANGE: t('watch.exchanges'),
      };
      const goneCount = s.list.filter((f) => gone.has(favouriteKey(f))).length;
      markup = html`${saveError ? html`<p class="wl-error" role="alert" data-testid="watchlist-save-error">${t('watch.saveFailed', { msg: saveError })}</p>` : null}${WATCHLIST_TYPES.map(
        (type) => {
          const entries = ofType(list, type);
          if (entries.length === 0) return null;
          const id = `wl-${type.toLowerCase()}`;
          return html`<section class="wl-group" data-type="${type}" aria-labelledby="${id}" data-testid="watchlist-${type.toLowerCase()}"><h2 id="${id}">${headings[type]} <span class="muted">${t('watch.count', { n: entries.length })}</span></h2>${tableHtml(type, entries)}</section>`;
        },
      )}${goneCount > 0 ? html`<p class="muted">${t('watch.hiddenGone', { count: goneCount })}</p>` : null}`;
    }
    body.innerHTML = markup.value;
    decorate(list);
    startLive();
    if (focusAfter) {
      const row = body.querySelector<HTMLElement>(`tr[data-key="${CSS.escape(focusAfter.key)}"]`);
      const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${focusAfter.dir}"]`);
      const other = row?.querySelector<HTMLButtonElement>(`[data-move="${focusAfter.dir === 'up' ? 'down' : 'up'}"]`);
      (wanted && !wanted.disabled ? wanted : other)?.focus();
      focusAfter = null;
    } else if (activeKey && activeAt >= 0) {
      body.querySelectorAll<HTMLElement>(`tr[data-key="${CSS.escape(activeKey)}"] :is(a, button)`)[activeAt]?.focus();
    }
  }

  /** Keys on the rows, the order column, and every star pressed (they are all in the list). */
  function decorate(list: readonly Favourite[]): void {
    for (const group of body.querySelectorAll<HTMLElement>('.wl-group')) {
      const entries = ofType(list, group.dataset.type as FavouriteType);
      const headRow = group.querySelector('thead tr');
      const th = document.createElement('th');
      th.className = 'l';
      th.scope = 'col';
      th.textContent = t('watch.order');
      headRow?.prepend(th);
      group.querySelectorAll<HTMLTableRowElement>('tbody tr').forEach((tr, i) => {
        const entry = entries[i];
        if (!entry) return;
        const key = favouriteKey(entry);
        tr.dataset.key = key;
        const td = document.createElement('td');
        td.className = 'l';
        td.innerHTML = controlsHtml(rows.get(key)!, i === 0, i === entries.length - 1).value;
        tr.prepend(td);
      });
    }
    body.querySelectorAll('button[data-fav]').forEach((b) => b.setAttribute('aria-pressed', 'true'));
  }

  /** The cells module keeps references to the cells it found, so every render starts it again. */
  function startLive(): void {
    const ids = [...body.querySelectorAll<HTMLElement>('[data-live-price]')]
      .map((el) => el.dataset.livePrice)
      .join(',');
    stopLive?.();
    stopLive = null;
    const round = ++liveRound;
    if (!ids) return;
    void import('../../../market/coins/client/cells.ts').then(({ startLiveCells }) => {
      if (alive && round === liveRound) stopLive = startLiveCells(body);
    });
  }

  async function reorder(next: readonly Favourite[], announce: { key: string } | null): Promise<void> {
    const before = shown();
    if (sameOrder(before, next)) return;
    pending = next;
    saveError = null;
    render();
    if (announce) {
      const entry = parseFavouriteKey(announce.key)!;
      const same = ofType(next, entry.type);
      const row = rows.get(announce.key);
      if (row)
        status.textContent = t('watch.moved', {
          name: nameOf(row),
          n: same.findIndex((f) => favouriteKey(f) === announce.key) + 1,
          total: same.length,
        });
    }
    // One save at a time, in the order they were made: two quick moves send two changeIndex
    // calls, and the second must not overtake the first.
    const save = saving.then(() => favourites.reorder([...next]));
    saving = save.catch(() => {});
    try {
      await save;
    } catch (e) {
      saveError = e instanceof Error ? e.message : String(e);
      // The server refuses an order that is not its list (changed in another tab): load it again.
      if (state().signedIn) void favourites.start(true).catch(() => {});
    } finally {
      if (pending === next) pending = null;
      render();
    }
  }

  async function unstar(key: string, button: HTMLButtonElement): Promise<void> {
    const entry = parseFavouriteKey(key);
    const row = rows.get(key);
    if (!entry || button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    saveError = null;
    try {
      await favourites.toggle(entry);
      if (row) status.textContent = t('watch.removed', { name: nameOf(row) });
    } catch (e) {
      saveError = e instanceof Error ? e.message : String(e);
      render();
    }
  }

  const onClick = (e: MouseEvent) => {
    const target = e.target as Element;
    if (target.closest('[data-retry]')) {
      failure = null;
      if (!state().ready) {
        render();
        void favourites.start(signedIn()).then(() => load(), showStartFailure);
      } else void load(true);
      return;
    }
    const star = target.closest<HTMLButtonElement>('button[data-fav]');
    if (star) {
      e.preventDefault();
      void unstar(star.dataset.fav ?? '', star);
      return;
    }
    const mover = target.closest<HTMLButtonElement>('button[data-move]');
    const key = mover?.closest<HTMLElement>('tr[data-key]')?.dataset.key;
    if (!mover || !key) return;
    const dir = mover.dataset.move === 'up' ? 'up' : 'down';
    focusAfter = { key, dir };
    void reorder(move(shown(), key, dir === 'up' ? -1 : 1), { key });
  };

  // Drag and drop on the grip, with pointer events so touch works too: the row follows the
  // pointer among the rows of its table; letting go saves the order the table then shows.
  const onPointerDown = (e: PointerEvent) => {
    const grip = (e.target as Element).closest<HTMLElement>('[data-drag]');
    const row = grip?.closest<HTMLTableRowElement>('tr[data-key]');
    const tbody = row?.parentElement;
    if (!grip || !row || !tbody || e.button > 0) return;
    e.preventDefault();
    row.classList.add('wl-dragging');
    // Listened on the window, not captured on the grip: moving the row in the document releases
    // a pointer capture, and the drag would stop at the first row it passes.
    const onMove = (ev: PointerEvent) => {
      if (ev.pointerId !== e.pointerId) return;
      const over = document.elementFromPoint(ev.clientX, ev.clientY)?.closest<HTMLTableRowElement>('tr[data-key]');
      if (!over || over === row || over.parentElement !== tbody) return;
      const rect = over.getBoundingClientRect();
      if (ev.clientY > rect.top + rect.height / 2) {
        if (over.nextElementSibling !== row) over.after(row);
      } else if (over.previousElementSibling !== row) over.before(row);
    };
    const finish = (ev: PointerEvent) => {
      if (ev.pointerId !== e.pointerId) return;
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', finish);
      window.removeEventListener('pointercancel', finish);
      row.classList.remove('wl-dragging');
      if (ev.type === 'pointercancel' || !alive) return render();
      const order = [...tbody.querySelectorAll<HTMLElement>('tr[data-key]')].map(
        (tr) => parseFavouriteKey(tr.dataset.key ?? '')!,
      );
      const next = withTypeOrder(shown(), order);
      if (sameOrder(next, shown())) return render();
      void reorder(next, { key: row.dataset.key ?? '' });
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', finish);
    window.addEventListener('pointercancel', finish);
  };

  const showStartFailure = (e: unknown) => {
    if (!alive) return;
    failure = e instanceof Error ? e.message : String(e);
    render();
  };

  body.addEventListener('click', onClick);
  body.addEventListener('pointerdown', onPointerDown);
  const unsubscribe = $favourites.listen(() => void load());
  const timer = setInterval(() => {
    if (!document.hidden && !pending && !body.querySelector('.wl-dragging')) void load(true);
  }, REFRESH_MS);

  render();
  favouritesLoading().then(() => load(), showStartFailure);

  return () => {
    alive = false;
    unsubscribe();
    clearInterval(timer);
    stopLive?.();
    body.removeEventListener('click', onClick);
    body.removeEventListener('pointerdown', onPointerDown);
    root.replaceChildren();
  };
}
