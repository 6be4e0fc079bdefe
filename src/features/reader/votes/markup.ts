/**
 * The vote buttons as a string (src/lib/html.ts), for lists that print them once per item (the
 * flash news timeline); VoteButtons.astro places the same markup on a detail page. The buttons
 * work through ./client/votes.ts, which VoteScript.astro loads: a page printing this markup
 * places VoteScript once.
 */
import { attr, html, type SafeHtml } from '../../../lib/html.ts';
import type { View } from '../../../server/view.ts';

export interface VoteButtonsOptions {
  kind: 'flash' | 'calendar';
  id: number;
  up: number;
  down: number;
  /** Classes added to the group's. */
  class?: string | undefined;
  testid?: string | undefined;
}

/**
 * Bullish/bearish (flash news) or confirm/doubt (calendar events). The counts are in the text:
 * `data-tpl` holds it with {{count}} for the script to rewrite after a vote.
 */
export function voteButtonsHtml(v: View, { kind, id, up, down, class: cls, testid }: VoteButtonsOptions): SafeHtml {
  const { t } = v;
  const flash = kind === 'flash';
  const tplUp = flash ? `▲ ${t('lives.bullish')} {{count}}` : `▲ ${t('calendar.votesUp', { n: '{{count}}' })}`;
  const tplDown = flash ? `▼ ${t('lives.bearish')} {{count}}` : `▼ ${t('calendar.votesDown', { n: '{{count}}' })}`;
  return html`<span class="vote-buttons num${cls ? ` ${cls}` : ''}" data-votes="${kind}" data-id="${id}"${attr('data-testid', testid)}> <button type="button" class="vote rise" data-vote="${flash ? 'bullish' : 'confirm'}" data-tpl="${tplUp}" data-count="${up}" aria-pressed="false" data-testid="vote-up">${tplUp.replace('{{count}}', String(up))}</button> <button type="button" class="vote fall" data-vote="${flash ? 'bearish' : 'doubt'}" data-tpl="${tplDown}" data-count="${down}" aria-pressed="false" data-testid="vote-down">${tplDown.replace('{{count}}', String(down))}</button> </span>`;
}
