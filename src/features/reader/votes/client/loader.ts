/**
 * The few lines every page with vote buttons runs before anyone presses one: the votes code
 * loads on the first press (a visitor's press opens the login dialog instead), or at once for a
 * signed-in reader, to mark their votes.
 */
import { signedIn } from '../../../../lib/cookies.ts';
let started = false;

export function watchVotes(): void {
  if (started) return;
  started = true;
  const load = () => import('./votes.ts');
  if (signedIn()) void load().then((m) => m.markMine());
  window.addEventListener('coinlens:session', () => void load().then((m) => m.markMine()));
  // Items added later ("load more" on the flash news timeline) get their marks too.
  window.addEventListener('coinlens:votes-added', () => {
    if (signedIn()) void load().then((m) => m.markMine(false));
  });
  document.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.<HTMLButtonElement>('[data-votes] button[data-vote]');
    if (!button) return;
    e.preventDefault();
    if (!signedIn()) {
      window.dispatchEvent(new Event('coinlens:login'));
      return;
    }
    void load().then((m) => m.vote(button));
  });
}
