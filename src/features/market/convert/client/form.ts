/**
 * The converter's form in the browser, from the first paint. Without JavaScript it is a plain
 * GET form (the server answers with the readable page) and the swap a link. With it, the form
 * writes the conversion into `$convert` as the reader types (live.ts draws it), asks the API for
 * a newly picked currency's price, keeps the address bar on the readable URL, and refuses bad
 * input in place, leaving the result as it was. Plain DOM over the server's markup
 * (markup.ts's `formHtml`): four fields need no framework.
 */
import { createTranslator, type Dict } from '../../../../lib/i18n/index.ts';
import { ApiError, apiGet } from '../../../../stores/api.ts';
import { convertPath, normaliseCode, parseAmount } from '../input.ts';
import type { Leg } from '../model.ts';
import { swapLink } from './markup.ts';
import { $convert } from './store.ts';

/** Whether a code is one of the picker's choices (the datalist beside the form). */
const listed = (code: string) =>
  Array.prototype.some.call(
    document.getElementById('cv-currencies')?.children ?? [],
    (o: HTMLOptionElement) => o.value === code,
  );

/** A click that asks for a new tab or window: the link's, not ours. */
const elsewhere = (e: MouseEvent) => e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/** Starts the page's converter form; returns the function that stops it. */
export function startConvertForm(
  form = document.querySelector<HTMLFormElement>('form[data-convert-form]'),
): () => void {
  const field = (name: string) => form?.elements.namedItem(name);
  const amount = field('amount');
  const from = field('from');
  const to = field('to');
  const swap = form?.querySelector<HTMLAnchorElement>('.cv-swap');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const message = form?.querySelector<HTMLElement>('.cv-message');
  if (
    !form ||
    !(amount instanceof HTMLInputElement && from instanceof HTMLInputElement && to instanceof HTMLInputElement) ||
    !swap ||
    !button ||
    !message
  )
    return () => {};
  const t = createTranslator(JSON.parse(form.dataset.dict ?? '{}') as Dict);
  const base = form.dataset.base ?? '';
  let asked = 0;

  const say = (text: string | null) => {
    message.textContent = text ?? '';
    if (text) amount.setAttribute('aria-invalid', 'true');
    else amount.removeAttribute('aria-invalid');
  };
  const busy = (on: boolean) => {
    if (on) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
    button.textContent = t(on ? 'convert.loading' : 'convert.submit');
  };
  /** The swap link follows the fields: the same amount the other way round. */
  const relink = () => {
    swap.href = swapLink(base, from.value, to.value, amount.value);
    const label = t('convert.swap', { from: from.value, to: to.value });
    swap.title = label;
    swap.setAttribute('aria-label', label);
  };
  const showUrl = (s = $convert.get()) => {
    if (s) history.replaceState(history.state, '', base + convertPath(s.from.code, s.to.code, s.amount));
  };

  const takeAmount = (value: string): boolean => {
    const parsed = parseAmount(value);
    if (!parsed.ok) {
      say(t(`convert.problem.${parsed.problem}`));
      return false;
    }
    say(null);
    const s = $convert.get();
    if (s && s.amount !== parsed.text) {
      $convert.set({ ...s, amount: parsed.text });
      showUrl();
    }
    return true;
  };

  /** Fetches the pair's prices when it is not the one shown; a refusal is shown and changes nothing. */
  const takePair = async () => {
    const f = normaliseCode(from.value);
    const tt = normaliseCode(to.value);
    if (!f || !tt) {
      say(t('convert.problem.unknown', { code: (f ? to.value : from.value).trim() }));
      return;
    }
    const s = $convert.get();
    if (s && s.from.code === f && s.to.code === tt) return;
    const ask = ++asked;
    busy(true);
    try {
      const data = await apiGet<{ from: Leg; to: Leg }>('/v1/convert', { from: f, to: tt });
      if (ask !== asked) return;
      const valid = parseAmount(amount.value);
      $convert.set({
        amount: valid.ok ? valid.text : ($convert.get()?.amount ?? null),
        from: data.from,
        to: data.to,
      });
      from.value = data.from.code;
      to.value = data.to.code;
      relink();
      say(valid.ok ? null : t(`convert.problem.${valid.problem}`));
      showUrl();
    } catch (e) {
      if (ask === asked) say(e instanceof ApiError && e.status === 400 ? e.message : t('convert.failed'));
    } finally {
      if (ask === asked) busy(false);
    }
  };

  const onAmount = () => {
    relink();
    takeAmount(amount.value);
  };
  // A code picked from the list is taken at once; one typed, when the field is left or the form sent.
  const onCode = (e: Event) => {
    relink();
    if (listed((e.target as HTMLInputElement).value.trim().toUpperCase())) void takePair();
  };
  const onLeave = () => void takePair();
  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    if (takeAmount(amount.value)) void takePair();
  };
  const onSwap = (e: MouseEvent) => {
    const s = $convert.get();
    if (!s || elsewhere(e)) return; // nothing shown yet, or a new tab: the link
    e.preventDefault();
    const swapped = { ...s, from: s.to, to: s.from };
    $convert.set(swapped);
    from.value = swapped.from.code;
    to.value = swapped.to.code;
    relink();
    showUrl(swapped);
  };

  const listeners: [EventTarget, string, (e: never) => void][] = [
    [amount, 'input', onAmount],
    [from, 'input', onCode],
    [to, 'input', onCode],
    [from, 'blur', onLeave],
    [to, 'blur', onLeave],
    [form, 'submit', onSubmit],
    [swap, 'click', onSwap],
  ];
  for (const [target, type, fn] of listeners) target.addEventListener(type, fn as EventListener);
  // Fields the browser filled before this ran (typed while the page loaded, or restored on back).
  if (amount.value !== amount.defaultValue) onAmount();
  if (from.value !== from.defaultValue || to.value !== to.defaultValue) {
    relink();
    void takePair();
  }
  form.dataset.ready = '';
  return () => {
    for (const [target, type, fn] of listeners) target.removeEventListener(type, fn as EventListener);
    delete form.dataset.ready;
  };
}
