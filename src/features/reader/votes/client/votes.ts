/**
 * Votes on flash news (bullish/bearish) and calendar events (confirm/doubt), one per signed-in
 * reader per item: pressing the other button moves the vote, pressing the chosen one again takes
 * it back (`vote: null`). Counts come from the API's answer. Loaded by ./loader.ts.
 */
import { ApiError, apiGet, apiPost } from '../../../../stores/api.ts';

type Kind = 'flash' | 'calendar';
interface Answer {
  id: number;
  votesUp: number;
  votesDown: number;
  myVote: string | null;
}

const PATHS: Record<Kind, string> = { flash: '/new/v1/lives/vote', calendar: '/new/v1/calendar/vote' };

function show(group: HTMLElement, a: { votesUp?: number; votesDown?: number; myVote: string | null }) {
  const buttons = [...group.querySelectorAll<HTMLButtonElement>('button[data-vote]')];
  buttons.forEach((b, i) => {
    const n = i === 0 ? a.votesUp : a.votesDown;
    if (n !== undefined) {
      b.dataset.count = String(n);
      b.textContent = (b.dataset.tpl ?? '{{count}}').replace('{{count}}', String(n));
    }
    b.setAttribute('aria-pressed', String(b.dataset.vote === a.myVote));
  });
  group.dataset.mine = a.myVote ?? '';
}

/**
 * Marks the reader's votes on the page's vote groups: every group after a sign-in (`all`), else
 * only those not marked yet (items a "load more" just added).
 */
export async function markMine(all = true): Promise<void> {
  const groups = [
    ...document.querySelectorAll<HTMLElement>(
      all ? '[data-votes][data-id]' : '[data-votes][data-id]:not([data-marked])',
    ),
  ];
  for (const kind of ['flash', 'calendar'] as const) {
    const mine = groups.filter((g) => g.dataset.votes === kind);
    const ids = [...new Set(mine.map((g) => g.dataset.id!))].slice(0, 100);
    if (ids.length === 0) continue;
    try {
      const votes = await apiGet<Record<string, string>>('/v1/votes/mine', { kind, ids: ids.join(',') });
      for (const g of mine) {
        show(g, { myVote: votes[g.dataset.id!] ?? null });
        g.dataset.marked = '';
      }
    } catch {
      /* unmarked buttons still work */
    }
  }
}

export async function vote(button: HTMLButtonElement): Promise<void> {
  const group = button.closest<HTMLElement>('[data-votes]');
  if (!group || group.dataset.busy) return;
  const kind = group.dataset.votes as Kind;
  const id = Number(group.dataset.id);
  const choice = group.dataset.mine === button.dataset.vote ? null : (button.dataset.vote ?? null);
  group.dataset.busy = '1';
  try {
    const a = await apiPost<Answer>(PATHS[kind], { id, vote: choice });
    // The same item may show twice on a page (timeline and detail): keep them alike.
    for (const g of document.querySelectorAll<HTMLElement>(`[data-votes="${kind}"][data-id="${id}"]`)) show(g, a);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return;
    group.title = e instanceof Error ? e.message : '';
  } finally {
    delete group.dataset.busy;
  }
}
