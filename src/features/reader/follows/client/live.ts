/**
 * The working part of the follow and bookmark buttons, loaded by ./loader.ts for signed-in
 * readers. Follows go through the page's follows store (one `columnist/list?size=0` per page,
 * shared with every follow button); bookmarks ask `favorite/page/mine` for the items on the page.
 * A button changes only when the server answers code 0; otherwise its message (in the page's
 * language) shows beside the button.
 */
import { ApiError, apiGet } from '../../../../stores/api.ts';
import { follows } from './store.ts';
import { sessionCsrf } from '../../../../lib/cookies.ts';

const store = follows();
const bookmarked = new Set<string>();
/** The session (its CSRF token) the marks were made for: a profile refresh announces the session again, but needs no new requests. */
let markedFor: string | null = null;
let watching = false;
/** The page's bookmark marks being fetched: a toggle waits for them to know which way to go. */
let marking: Promise<void> = Promise.resolve();

const buttons = (selector: string) => [...document.querySelectorAll<HTMLButtonElement>(selector)];

function paintFollows(ids: ReadonlySet<number> | null): void {
  for (const b of buttons('button[data-follow]'))
    b.setAttribute('aria-pressed', String(!!ids?.has(Number(b.dataset.follow))));
}

function paintBookmarks(): void {
  for (const b of buttons('button[data-bookmark]'))
    b.setAttribute('aria-pressed', String(bookmarked.has(b.dataset.bookmark ?? '')));
}

/** The result line after a button: the server's message, or nothing. */
function say(button: HTMLButtonElement, text: string | null): void {
  let line = button.nextElementSibling;
  if (!line?.classList.contains('act-msg')) {
    if (!text) return;
    line = document.createElement('span');
    line.className = 'act-msg';
    line.setAttribute('role', 'alert');
    line.setAttribute('data-testid', 'act-msg');
    button.after(line);
  }
  if (text) line.textContent = text;
  else line.remove();
}

async function markBookmarks(): Promise<void> {
  const byKind = new Map<string, Set<string>>();
  for (const b of buttons('button[data-bookmark]')) {
    const [kind, id] = (b.dataset.bookmark ?? '').split(':');
    if (kind && id) byKind.set(kind, (byKind.get(kind) ?? new Set()).add(id));
  }
  await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      const mine = await apiGet<number[]>('/v1/favorite/page/mine', { kind, ids: [...ids].slice(0, 100).join(',') });
      for (const id of mine) bookmarked.add(`${kind}:${id}`);
    }),
  );
  paintBookmarks();
}

/** Marks every follow and bookmark button of the page for the signed-in reader. */
export function markAll(): void {
  const session = sessionCsrf() ?? null;
  if (session === markedFor) return;
  markedFor = session;
  if (!watching) {
    watching = true;
    store.$followed.subscribe(paintFollows);
  }
  if (buttons('button[data-follow]').length) store.load().catch((e: unknown) => console.error('[follows]', e));
  if (buttons('button[data-bookmark]').length)
    marking = markBookmarks().catch((e: unknown) => console.error('[bookmarks]', e));
}

/** Signed out: forget the reader's lists. */
export function forget(): void {
  markedFor = null;
  store.reset();
  bookmarked.clear();
}

async function toggleBookmark(key: string): Promise<void> {
  await marking;
  const [kind, id] = key.split(':');
  const on = bookmarked.has(key);
  await apiGet<boolean>(on ? '/v1/favorite/page/deleteOne' : '/v1/favorite/page/append', { kind, id });
  if (on) bookmarked.delete(key);
  else bookmarked.add(key);
  paintBookmarks();
}

export async function toggle(button: HTMLButtonElement): Promise<void> {
  if (button.getAttribute('aria-busy') === 'true') return;
  button.setAttribute('aria-busy', 'true');
  try {
    if (button.dataset.follow) await store.toggle(Number(button.dataset.follow));
    else await toggleBookmark(button.dataset.bookmark ?? '');
    say(button, null);
  } catch (e) {
    // The session is gone (expired, revoked): sign in again rather than show an error.
    if (e instanceof ApiError && e.status === 401) window.dispatchEvent(new Event('coinlens:login'));
    else say(button, e instanceof Error ? e.message : String(e));
  } finally {
    button.removeAttribute('aria-busy');
  }
}
