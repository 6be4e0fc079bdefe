/**
 * The favourite stars on lists and detail headers (markup: `starHtml` in
 * src/features/market/coins/client/markup.ts, placed with its script by Stars.astro). The server sends
 * every reader the same unpressed `<button data-fav="TYPE:id">`. This first part stays tiny:
 * it marks a visitor's stars straight from localStorage and listens for clicks on the page;
 * the favourites store (./starsLive.ts) loads when a reader reaches for a star, clicks one, or
 * is signed in (their list is on the server).
 */
import { SESSION_KEYS } from '../../../../lib/account.ts';
import { favouriteKey, parseFavourites } from '../../../../lib/favourites.ts';
import { signedIn } from '../../../../lib/cookies.ts';

/** Sets `aria-pressed` on every star of the page from a set of `TYPE:id` keys. */
export function markStars(keys: ReadonlySet<string>): void {
  document.querySelectorAll<HTMLButtonElement>('button[data-fav]').forEach((b) => {
    b.setAttribute('aria-pressed', String(keys.has(b.dataset.fav ?? '')));
  });
}

const starOf = (e: Event) => (e.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-fav]') ?? null;

let started = false;

export function startStars(): void {
  if (started) return;
  started = true;
  let live: Promise<typeof import('./starsLive.ts')> | null = null;
  const load = () => (live ??= import('./starsLive.ts').then((m) => (m.startLiveStars(), m)));
  if (signedIn()) void load();
  else {
    try {
      markStars(new Set(parseFavourites(localStorage.getItem(SESSION_KEYS.localFavourites)).map(favouriteKey)));
    } catch {
      /* storage disabled: no stars pressed */
    }
  }
  const near = (e: Event) => {
    if (starOf(e)) void load();
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const)
    document.addEventListener(type, near, { passive: true });
  window.addEventListener('coinlens:session', () => void load());
  document.addEventListener('click', (e) => {
    const button = starOf(e);
    if (!button) return;
    e.preventDefault();
    void load().then((m) => m.toggleStar(button));
  });
}
