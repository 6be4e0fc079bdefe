/**
 * The review form's code (SPEC §3 "Comment/review", §4 "Review", §8 messages). The markup is the
 * server's (ReviewForm.astro); this checks the form in the browser first ("Please improve the
 * comment information!"), posts it, shows the server's message, shows the reader's own review
 * with a Delete that asks in a modal <dialog>, and updates the page's summary from the `summary`
 * the API answers (the page's HTML is cached for seconds, so a reload may not show it yet).
 * Visitors get the login dialog. No framework: a form and a few nodes.
 */
import { createTranslator, type Dict } from '../../../../lib/i18n/index.ts';
import { ApiError, apiCall, apiGet } from '../../../../stores/api.ts';
import { signedIn } from '../../../../lib/cookies.ts';

const LABELS = ['bad', 'general', 'good', 'veryGood', 'great'] as const;
const CONTENT_MIN = 8;
const CONTENT_MAX = 2000;

export interface Summary {
  count: number;
  overall: number | null;
  label: string | null;
  dimensions: { key: string; average: number | null }[];
  distribution: { label: string; count: number }[];
}

interface MyReview {
  id: number;
  anonymous: boolean;
  content: string;
  overall: number;
  label: string;
  ratings: Record<string, number>;
  createdAt: string;
}

/** The form's values, or null when incomplete (the same rules as the server's). */
function readReview(
  form: HTMLFormElement,
  dims: readonly string[],
): { content: string; anonymous: boolean; ratings: Record<string, number>; overall: number } | null {
  const data = new FormData(form);
  const content = String(data.get('content') ?? '').trim();
  const chars = [...content].length;
  if (chars < CONTENT_MIN || chars > CONTENT_MAX) return null;
  const score = (name: string) => {
    const n = Number(data.get(name));
    return Number.isInteger(n) && n >= 1 && n <= 5 ? n : null;
  };
  const ratings: Record<string, number> = {};
  for (const d of dims) {
    const n = score(`dim-${d}`);
    if (n === null) return null;
    ratings[d] = n;
  }
  const overall = score('overall');
  if (overall === null) return null;
  return { content, anonymous: data.get('anonymous') !== null, ratings, overall };
}

const askLogin = () => window.dispatchEvent(new Event('coinlens:login'));

/** Writes a fresh summary into the page's ReviewSummary (and shows it when it was hidden). */
function showSummary(root: ParentNode, s: Summary, t: ReturnType<typeof createTranslator>): void {
  const box = root.querySelector<HTMLElement>('[data-testid="review-summary"]');
  if (!box) return;
  box.hidden = s.count === 0;
  const outOf = (n: number | null) => (n === null ? '--' : t('reviews.outOf', { value: n.toFixed(1) }));
  const avg = box.querySelector<HTMLElement>('[data-testid="review-average"]');
  if (avg) {
    avg.textContent = outOf(s.overall);
    avg.dataset.level = s.overall === null ? '' : s.overall <= 2 ? 'low' : s.overall >= 4 ? 'high' : 'mid';
  }
  const stars = box.querySelector<HTMLElement>('.overall .stars');
  if (stars && s.overall !== null) {
    const label = t('exchange.stars', { value: s.overall.toFixed(1) });
    stars.setAttribute('aria-label', label);
    stars.title = label;
    const on = stars.querySelector<HTMLElement>('.on');
    if (on) on.style.width = `${((s.overall / 5) * 100).toFixed(1)}%`;
  }
  const badge = box.querySelector<HTMLElement>('.overall .badge');
  if (badge && s.label) badge.textContent = t(`reviews.label.${s.label}`);
  const count = box.querySelector<HTMLElement>('[data-testid="review-count"]');
  if (count) count.textContent = t('reviews.count', { n: s.count.toLocaleString('en-US') });
  // The page header's tab ("Reviews 12") follows too.
  for (const total of document.querySelectorAll<HTMLElement>('[data-review-total]'))
    total.textContent = s.count.toLocaleString('en-US');
  const bar = (row: Element | null, pct: number, text: string) => {
    if (!row) return;
    const fill = row.querySelector<HTMLElement>('.bar > span');
    if (fill) fill.style.width = `${pct.toFixed(1)}%`;
    const num = row.querySelector<HTMLElement>('.num');
    if (num) num.textContent = text;
  };
  for (const d of s.dimensions)
    bar(
      box.querySelector(`[data-dimension="${CSS.escape(d.key)}"]`),
      d.average === null ? 0 : (d.average / 5) * 100,
      outOf(d.average),
    );
  const widest = Math.max(1, ...s.distribution.map((d) => d.count));
  for (const d of s.distribution)
    bar(
      box.querySelector(`[data-label="${CSS.escape(d.label)}"]`),
      (d.count / widest) * 100,
      d.count.toLocaleString('en-US'),
    );
}

export function startReviewForm(area: HTMLElement, first?: Event): void {
  let dict: Dict = {};
  try {
    dict = JSON.parse(area.dataset.dict ?? '{}') as Dict;
  } catch {
    /* keys show instead of words */
  }
  const t = createTranslator(dict);
  const type = area.dataset.type ?? '';
  const targetId = area.dataset.target ?? '';
  const form = area.querySelector<HTMLFormElement>('form[data-testid="review-form"]')!;
  const msg = area.querySelector<HTMLElement>('[data-review-msg]')!;
  const mineBox = area.querySelector<HTMLElement>('[data-review-mine]')!;
  const dialog = area.querySelector<HTMLDialogElement>('[data-review-confirm]')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const overallOut = form.querySelector<HTMLOutputElement>('[data-overall-label]');
  const dims = [...form.querySelectorAll<HTMLElement>('fieldset[data-dimension]')].map((f) => f.dataset.dimension!);
  const page = area.closest('article') ?? document;

  const say = (text: string, kind: 'ok' | 'error' | '' = '') => {
    msg.textContent = text;
    msg.dataset.kind = kind;
  };

  const showOverall = () => {
    const n = Number(new FormData(form).get('overall'));
    if (overallOut) overallOut.textContent = n >= 1 && n <= 5 ? t(`reviews.label.${LABELS[n - 1]}`) : '';
  };
  form.addEventListener('change', showOverall);
  showOverall();

  const showMine = (r: MyReview | null) => {
    if (!r) {
      mineBox.hidden = true;
      mineBox.replaceChildren();
      form.hidden = false;
      return;
    }
    const head = document.createElement('h3');
    head.textContent = t('reviewForm.mine');
    const label = document.createElement('span');
    label.className = 'badge';
    label.dataset.testid = 'my-review-label';
    label.textContent = `${t('reviews.outOf', { value: r.overall })} · ${t(`reviews.label.${r.label}`)}`;
    const text = document.createElement('p');
    text.dataset.testid = 'my-review-content';
    text.textContent = r.content;
    const list = document.createElement('ul');
    list.className = 'my-dims';
    for (const k of dims.filter((d) => r.ratings[d] !== undefined)) {
      const v = r.ratings[k]!;
      const li = document.createElement('li');
      li.textContent = `${t(`reviews.dim.${k}`)} ${t('reviews.outOf', { value: v })}`;
      list.append(li);
    }
    const del = document.createElement('button');
    del.type = 'button';
    del.className = 'review-delete';
    del.dataset.testid = 'review-delete';
    del.textContent = t('reviewForm.delete');
    del.addEventListener('click', () => {
      dialog.returnValue = '';
      dialog.showModal();
    });
    const note = document.createElement('p');
    note.className = 'mine-msg';
    note.setAttribute('role', 'status');
    note.dataset.testid = 'review-delete-msg';
    mineBox.replaceChildren(head, label, text, list, del, note);
    mineBox.hidden = false;
    mineBox.dataset.review = String(r.id);
    form.hidden = true;
  };

  const loadMine = async () => {
    if (!signedIn()) return showMine(null);
    try {
      showMine(await apiGet<MyReview | null>('/v1/comment/mine', { targetType: type, targetId }));
    } catch {
      /* the form stays; saving answers "You have already commented" if need be */
    }
  };

  dialog.addEventListener('close', () => {
    if (dialog.returnValue !== 'delete') return;
    const id = Number(mineBox.dataset.review);
    const note = mineBox.querySelector<HTMLElement>('.mine-msg');
    void apiCall<{ summary: Summary }>('POST', '/new/v1/comment/delete', { body: { id } })
      .then((res) => {
        showSummary(page, res.data.summary, t);
        showMine(null);
        form.reset();
        showOverall();
        say(res.msg || t('review.deleted'), 'ok');
      })
      .catch((e: unknown) => {
        if (note) note.textContent = e instanceof ApiError && e.message ? e.message : t('review.deleteFail');
      });
  });

  let busy = false;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (busy) return;
    if (!signedIn()) return askLogin();
    const review = readReview(form, dims);
    if (!review) return say(t('review.incomplete'), 'error');
    busy = true;
    submit.disabled = true;
    say(t('reviewForm.sending'));
    void apiCall<{ review: MyReview; summary: Summary }>('POST', '/new/v1/comment/save', {
      body: { targetType: type, targetId, ...review },
    })
      .then((res) => {
        showSummary(page, res.data.summary, t);
        showMine(res.data.review);
        form.reset();
        showOverall();
        say(res.msg || t('review.success'), 'ok');
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 401) return say('');
        say(
          err instanceof ApiError && err.status > 0 && err.status < 500 && err.message ? err.message : t('review.fail'),
          'error',
        );
      })
      .finally(() => {
        busy = false;
        submit.disabled = false;
      });
  });

  // A visitor who starts writing is asked to log in first.
  const gate = (e: Event) => {
    if (signedIn()) return;
    if (e.type === 'focusin' && !(e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement))
      return;
    askLogin();
  };
  form.addEventListener('pointerdown', gate);
  if (first && first.type === 'submit') form.requestSubmit();
  else if (first && first.type === 'pointerdown') gate(first);

  void loadMine();
  window.addEventListener('coinlens:session', () => void loadMine());
}
