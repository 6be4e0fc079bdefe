/**
 * The stars' working part, loaded by ./stars.ts: follows the favourites store (the server list
 * when signed in, localStorage otherwise; sign-in and logout included) and toggles on click.
 */
import { favouriteKey, parseFavouriteKey } from '../../../../lib/favourites.ts';
import { $favourites, startFavourites, type Favourites } from './store.ts';
import { markStars } from './stars.ts';
import { signedIn } from '../../../../lib/cookies.ts';

let favourites: Favourites | null = null;

const mark = () => markStars(new Set($favourites.get().list.map(favouriteKey)));

export function startLiveStars(): void {
  if (favourites) return;
  favourites = startFavourites(signedIn);
  $favourites.subscribe(mark);
}

/** Toggles the star's entry: pressed at once, set right by the store's answer or refusal. */
export function toggleStar(button: HTMLButtonElement): void {
  const entry = parseFavouriteKey(button.dataset.fav ?? '');
  if (!favourites || !entry || button.getAttribute('aria-busy') === 'true') return;
  button.setAttribute('aria-busy', 'true');
  button.removeAttribute('title');
  button.setAttribute('aria-pressed', String(!favourites.has(entry)));
  favourites
    .toggle(entry)
    .catch((err: unknown) => {
      console.error('[favourites]', err);
      // The server's message in the page's language (the 500-item cap, a lost connection …).
      button.title = err instanceof Error ? err.message : '';
    })
    .finally(() => {
      button.removeAttribute('aria-busy');
      mark();
    });
}
