/**
 * The few lines announcement pages run for the alerts panel (AlertsPanel.astro) before anyone
 * uses it: a visitor's press opens the login dialog; a signed-in reader's press (or their
 * arrival on one exchange's list, to mark its toggle) loads ./panel.ts.
 */
import { signedIn } from '../../../../lib/cookies.ts';
let started = false;

export function watchAlerts(): void {
  if (started) return;
  const panel = document.querySelector<HTMLElement>('[data-push-panel]');
  if (!panel) return;
  started = true;
  let loaded: Promise<typeof import('./panel.ts')> | null = null;
  const load = () => (loaded ??= import('./panel.ts'));
  // Arriving signed in loads the panel only to mark an exchange toggle; signing out resets a loaded one.
  const follow = () => {
    if (signedIn() ? !panel.querySelector('[data-push-toggle]') : !loaded) return;
    void load().then((m) => m.followSession(panel, signedIn()));
  };
  if (signedIn()) follow();
  window.addEventListener('coinlens:session', follow);
  panel.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-push-action]');
    if (!button) return;
    e.preventDefault();
    if (!signedIn()) {
      window.dispatchEvent(new Event('coinlens:login'));
      return;
    }
    void load().then((m) => m.act(panel, button));
  });
}
