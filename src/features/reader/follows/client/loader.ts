/**
 * The few lines every page with follow or bookmark buttons runs before anyone presses one
 * (markup: src/components/follow/*.astro, the same unpressed buttons for every reader, so pages
 * stay cacheable). A signed-in reader's page loads ./live.ts at once to mark the columnists they
 * follow and what they bookmarked; a visitor's press opens the login dialog instead, and nothing
 * else loads.
 */
import { signedIn } from '../../../../lib/cookies.ts';
const ACT_BUTTONS = 'button[data-follow], button[data-bookmark]';

let started = false;

export function watchFollowButtons(): void {
  if (started) return;
  started = true;
  let live: typeof import('./live.ts') | null = null;
  const load = async () => (live ??= await import('./live.ts'));
  if (signedIn()) void load().then((m) => m.markAll());
  // Signed in from the dialog on this page (mark), or signed out (forget and unmark).
  window.addEventListener('coinlens:session', () => {
    if (signedIn()) void load().then((m) => m.markAll());
    else {
      live?.forget();
      document.querySelectorAll<HTMLButtonElement>(ACT_BUTTONS).forEach((b) => b.setAttribute('aria-pressed', 'false'));
      document.querySelectorAll('.act-msg').forEach((m) => m.remove());
    }
  });
  document.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.<HTMLButtonElement>(ACT_BUTTONS);
    if (!button) return;
    e.preventDefault();
    if (!signedIn()) {
      window.dispatchEvent(new Event('coinlens:login'));
      return;
    }
    void load().then((m) => m.toggle(button));
  });
}
