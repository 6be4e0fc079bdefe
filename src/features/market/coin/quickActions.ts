/**
 * The coin header's two quick actions, "Add to portfolio" and "Price alert": plain links that
 * work without JavaScript, carrying the words their dialogs need once the click loads them.
 *
 * Built as markup rather than in CoinHeader.astro because of those words: two JSON objects of
 * several KB per language. Astro serialised and escaped both on every render of every coin tab
 * (about 5 % of a small tab's render, profiled); here each language's attribute text is made once (`islandDictAttr`).
 */
import { html, type SafeHtml } from '../../../lib/html.ts';
import { islandDictAttr } from '../../../server/i18n/index.ts';
import type { View } from '../../../server/view.ts';
import { QUICK_ALERT_WORDS } from '../../reader/alerts/index.ts';
import { QUICK_ADD_WORDS } from '../../reader/portfolio/index.ts';
import type { CoinDetail } from '../coins/index.ts';

/** Both links, for the price column of the coin header. */
export function quickActionsHtml(v: View, coin: CoinDetail): SafeHtml {
  const { t, money } = v;
  const id = encodeURIComponent(coin.id);
  const name = v.coinName(coin);
  return html`<a class="convert-link" href="${v.href('/portfolio')}?add=${id}" rel="nofollow" aria-haspopup="dialog" data-portfolio-add="${coin.id}" data-name="${name}" data-price="${money.convert(coin.price) ?? ''}" data-dict="${islandDictAttr(v.locale, ...QUICK_ADD_WORDS)}" data-testid="coin-portfolio-add">${t('portfolio.ui.quick.open')}</a>
<a class="convert-link" href="${v.href('/user')}?alert=${id}#alerts" rel="nofollow" data-alert-add="${coin.id}" data-name="${name}" data-dict="${islandDictAttr(v.locale, ...QUICK_ALERT_WORDS)}" data-testid="coin-alert">${t('alerts.coinLink')}</a>`;
}
