import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent } from 'react';
import { createTranslator, type Dict } from '../../../../lib/i18n/index.ts';
import { ApiError, apiGet } from '../../../../stores/api.ts';
import { convertPath, normaliseCode, parseAmount } from '../input.ts';
import type { Leg } from '../model.ts';
import { $convert } from './store.ts';

interface Props {
  dict: Dict;
  /** Locale prefix of the page ("" or "/zh"). */
  base: string;
  /** What the form shows first (the reader's own input, even when refused). */
  amount: string;
  from: string;
  to: string;
  /** The server's message about that input, in the page's language; null when it was fine. */
  problem: string | null;
}

/**
 * Whether a code is one of the picker's choices: the list is server markup beside the island
 * (Converter.astro), so its seventy-odd choices are neither island props nor rendered by React.
 */
const listed = (code: string) =>
  Array.prototype.some.call(
    document.getElementById('cv-currencies')?.children ?? [],
    (o: HTMLOptionElement) => o.value === code,
  );

/**
 * The converter's form. Without JavaScript it is a plain GET form (the server answers with the
 * readable page) and the swap a link. Hydrated, it writes the conversion into `$convert` as the
 * reader types (live.ts draws it), asks the API for a newly picked currency's price, keeps the
 * address bar on the readable URL, and refuses bad input in place, leaving the result as it was.
 */
export default function ConvertForm({ dict, base, amount: firstAmount, from: firstFrom, to: firstTo, problem }: Props) {
  const t = createTranslator(dict);
  const [amount, setAmount] = useState(firstAmount);
  const [from, setFrom] = useState(firstFrom);
  const [to, setTo] = useState(firstTo);
  const [message, setMessage] = useState(problem);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);
  const fields = useRef<HTMLFormElement>(null);
  /** A field's value as the browser holds it (typed before the island loaded, or this instant). */
  const typed = (name: string) => (fields.current?.elements.namedItem(name) as HTMLInputElement | null)?.value;

  const showUrl = (s = $convert.get()) => {
    if (s) history.replaceState(history.state, '', base + convertPath(s.from.code, s.to.code, s.amount));
  };

  const takeAmount = (value: string): boolean => {
    const parsed = parseAmount(value);
    if (!parsed.ok) {
      setMessage(t(`convert.problem.${parsed.problem}`));
      return false;
    }
    setMessage(null);
    const s = $convert.get();
    if (s && s.amount !== parsed.text) {
      $convert.set({ ...s, amount: parsed.text });
      showUrl();
    }
    return true;
  };

  /** Fetches the pair's prices when it is not the one shown; a refusal is shown and changes nothing. */
  const takePair = async (fromText: string, toText: string) => {
    const f = normaliseCode(fromText);
    const tt = normaliseCode(toText);
    if (!f || !tt) {
      setMessage(t('convert.problem.unknown', { code: (f ? toText : fromText).trim() }));
      return;
    }
    const s = $convert.get();
    if (s && s.from.code === f && s.to.code === tt) return;
    const ask = ++asked.current;
    setBusy(true);
    try {
      const data = await apiGet<{ from: Leg; to: Leg }>('/v1/convert', { from: f, to: tt });
      if (ask !== asked.current) return;
      const current = $convert.get();
      const valid = parseAmount(typed('amount') ?? amount);
      $convert.set({ amount: valid.ok ? valid.text : (current?.amount ?? null), from: data.from, to: data.to });
      setFrom(data.from.code);
      setTo(data.to.code);
      setMessage(valid.ok ? null : t(`convert.problem.${valid.problem}`));
      showUrl();
    } catch (e) {
      if (ask === asked.current)
        setMessage(e instanceof ApiError && e.status === 400 ? e.message : t('convert.failed'));
    } finally {
      if (ask === asked.current) setBusy(false);
    }
  };

  const onAmount = (e: ChangeEvent<HTMLInputElement>) => {
    setAmount(e.target.value);
    takeAmount(e.target.value);
  };
  // A code picked from the list is taken at once; one typed, when the field is left or the form sent.
  const onCode = (side: 'from' | 'to') => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    (side === 'from' ? setFrom : setTo)(value);
    if (listed(value.trim().toUpperCase())) void takePair(side === 'from' ? value : from, side === 'to' ? value : to);
  };
  const onLeave = () => void takePair(from, to);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (takeAmount(amount)) void takePair(from, to);
  };

  const onSwap = (e: MouseEvent<HTMLAnchorElement>) => {
    const s = $convert.get();
    if (!s || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // nothing shown yet, or a new tab: the link
    e.preventDefault();
    const swapped = { ...s, from: s.to, to: s.from };
    $convert.set(swapped);
    setFrom(swapped.from.code);
    setTo(swapped.to.code);
    showUrl(swapped);
  };

  // What was typed while the island's code loaded is in the fields, not yet in the state.
  useEffect(() => {
    const a = typed('amount');
    if (a !== undefined && a !== amount) {
      setAmount(a);
      takeAmount(a);
    }
    const f = typed('from') ?? from;
    const tt = typed('to') ?? to;
    if (f !== from || tt !== to) {
      setFrom(f);
      setTo(tt);
      void takePair(f, tt);
    }
  }, []);

  const swapHref = base + convertPath(to, from, parseAmount(amount).ok ? amount : null);
  return (
    <form
      ref={fields}
      className="cv-form"
      method="get"
      action={`${base}/convert`}
      aria-label={t('convert.form')}
      aria-busy={busy || undefined}
      onSubmit={onSubmit}
      data-testid="convert-form"
    >
      <div className="cv-field cv-amount-field">
        <label htmlFor="cv-amount">{t('convert.amount')}</label>
        <input
          id="cv-amount"
          name="amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={64}
          value={amount}
          onChange={onAmount}
          aria-invalid={message ? true : undefined}
          aria-describedby="cv-message"
          data-testid="convert-amount-input"
        />
      </div>
      <div className="cv-field">
        <label htmlFor="cv-from">{t('convert.from')}</label>
        <input
          id="cv-from"
          name="from"
          list="cv-currencies"
          autoComplete="off"
          maxLength={30}
          title={t('convert.pickerHint')}
          value={from}
          onChange={onCode('from')}
          onBlur={onLeave}
          data-testid="convert-from"
        />
      </div>
      <a
        className="cv-swap"
        href={swapHref}
        onClick={onSwap}
        title={t('convert.swap', { from, to })}
        aria-label={t('convert.swap', { from, to })}
        data-testid="convert-swap"
      >
        ⇄
      </a>
      <div className="cv-field">
        <label htmlFor="cv-to">{t('convert.to')}</label>
        <input
          id="cv-to"
          name="to"
          list="cv-currencies"
          autoComplete="off"
          maxLength={30}
          title={t('convert.pickerHint')}
          value={to}
          onChange={onCode('to')}
          onBlur={onLeave}
          data-testid="convert-to"
        />
      </div>
      <button type="submit" data-testid="convert-submit">
        {busy ? t('convert.loading') : t('convert.submit')}
      </button>
      <p id="cv-message" className="cv-message" role="alert" data-testid="convert-message">
        {message}
      </p>
    </form>
  );
}
