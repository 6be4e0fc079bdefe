/**
 * The one-exchange toggle of an exchange's announcement list, and what the panel's modules
 * share: kept apart from ./ui.ts so that a signed-in reader arriving on the page loads only this
 * to mark the toggle. Switching saves the reader's whole list with that one name changed
 * (stare/exchange/override replaces the set).
 */
import type { Locale } from '../../../../lib/i18n/index.ts';
import { withExchange } from '../../../../lib/pushDevice.ts';
import { ApiError, apiGet, apiPost } from '../../../../stores/api.ts';

export interface Ui {
  t: (key: string, vars?: Record<string, string | number>) => string;
  /** Site prefix of the page's language ('' or '/zh', …). */
  base: string;
  locale: Locale;
}

export interface Exchange {
  name: string;
  display_name: string;
}

const V2 = '/new/v2';
const names = (list: Exchange[]) => list.map((e) => e.name);

/** What a failed call says to the reader: the server's message (in the page's language) or a network hint. */
export function errorText(e: unknown, ui: Ui): string {
  if (e instanceof ApiError && e.status > 0 && e.message) return e.message;
  return ui.t('pushUi.common.network');
}

/** Marks the page's toggle (aria-pressed) from the reader's subscriptions. */
export async function markToggle(toggle: HTMLButtonElement): Promise<void> {
  const mine = await apiGet<{ list: Exchange[] }>(`${V2}/stare/exchange/list`);
  showToggle(toggle, names(mine.list));
}

export function showToggle(toggle: HTMLButtonElement, subscribed: readonly string[]): void {
  toggle.setAttribute('aria-pressed', String(subscribed.includes(toggle.dataset.pushToggle ?? '')));
}

/** Switches the page's exchange on or off: the reader's list with that one name changed, saved as a whole. */
export async function flipToggle(
  toggle: HTMLButtonElement,
  ui: Ui,
  say: (kind: 'ok' | 'error', text: string) => void,
): Promise<string[] | undefined> {
  const name = toggle.dataset.pushToggle ?? '';
  const display = toggle.dataset.name ?? name;
  if (!name || toggle.disabled) return undefined;
  toggle.disabled = true;
  try {
    const current = names((await apiGet<{ list: Exchange[] }>(`${V2}/stare/exchange/list`)).list);
    const on = !current.includes(name);
    const saved = names(
      (
        await apiPost<{ list: Exchange[] }>(`${V2}/stare/exchange/override`, {
          exchanges: withExchange(current, name, on),
        })
      ).list,
    );
    showToggle(toggle, saved);
    say('ok', ui.t(saved.includes(name) ? 'pushUi.toggle.on' : 'pushUi.toggle.off', { name: display }));
    return saved;
  } catch (e) {
    say('error', errorText(e, ui));
    return undefined;
  } finally {
    toggle.disabled = false;
  }
}
