/**
 * The add / edit form of a transaction. Each field is checked in the browser by the server's own
 * rules (input.ts), so a refusal names the field before anything is sent; the coin box suggests
 * the quick-search list's coins, loaded when it is first focused.
 */
import { useState } from 'react';
import { apiGet } from '../../../../stores/api.ts';
import { isInputError, parseTx, TX_CURRENCIES, TX_KINDS, type TxInput } from '../input.ts';
import type { T } from '../../account/client/fields.tsx';
import type { Shown } from './parts.tsx';

export type Draft = Record<'coin' | 'kind' | 'at' | 'quantity' | 'price' | 'currency' | 'fee' | 'note', string>;

const nowMinute = () => new Date().toISOString().slice(0, 16);
const blank = (currency: string, start: Partial<Draft> = {}): Draft => ({
  coin: '',
  kind: 'BUY',
  at: nowMinute(),
  quantity: '',
  price: '',
  currency,
  fee: '',
  note: '',
  ...start,
});
const fromShown = (s: Shown): Draft => ({
  coin: s.coin.id,
  kind: s.kind,
  at: s.at.slice(0, 16),
  quantity: s.quantity,
  price: s.price ?? '',
  currency: s.currency,
  fee: s.fee === '0' ? '' : s.fee,
  note: s.note,
});

let suggestions: Promise<{ id: string; symbol: string; name: string }[]> | null = null;

export default function TxForm({
  t,
  currency,
  editing,
  busy,
  onSave,
  onCancel,
  start,
  title,
}: {
  t: T;
  currency: string;
  /** Fields a new transaction starts with (the coin page's coin and price), kept after a save. */
  start?: Partial<Draft>;
  /** The form's heading when it is not the portfolio page's "Add transaction"; null for none (a dialog has its own). */
  title?: string | null;
  editing: Shown | null;
  busy: boolean;
  onSave: (tx: TxInput) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => (editing ? fromShown(editing) : blank(currency, start)));
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const [coins, setCoins] = useState<{ id: string; symbol: string; name: string }[]>([]);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const loadCoins = () => {
    suggestions ??= apiGet<{ id: string; symbol: string; name: string }[]>('/v1/quick_search/coin').catch(() => []);
    void suggestions.then(setCoins);
  };

  const submit = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    const tx = parseTx({ ...draft, at: `${draft.at}Z` });
    if (isInputError(tx)) return setProblem({ field: tx.field, text: t(tx.key, tx.vars) });
    setProblem(null);
    if (await onSave(tx)) setDraft(blank(draft.currency, start));
  };

  const field = (k: keyof Draft, label: string, input: React.ReactNode) => (
    <div className={`pf-field pf-${k}`}>
      <label htmlFor={`pf-in-${k}`}>{label}</label>
      {input}
      {problem?.field === k && (
        <small className="pf-problem" id={`pf-${k}-problem`} role="alert">
          {problem.text}
        </small>
      )}
    </div>
  );
  const aria = (k: keyof Draft) =>
    problem?.field === k ? { 'aria-invalid': true, 'aria-describedby': `pf-${k}-problem` } : {};
  const needsPrice = draft.kind === 'BUY' || draft.kind === 'SELL';

  return (
    <form className="pf-form" onSubmit={submit} noValidate data-testid="pf-form">
      {title !== null && <h2>{title ?? (editing ? t('portfolio.ui.edit') : t('portfolio.ui.add'))}</h2>}
      <div className="pf-grid">
        {field(
          'kind',
          t('portfolio.ui.type'),
          <select value={draft.kind} onChange={set('kind')} id="pf-in-kind" name="kind">
            {TX_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`portfolio.ui.kind.${k}`)}
              </option>
            ))}
          </select>,
        )}
        {field(
          'coin',
          t('portfolio.ui.coin'),
          <>
            <input
              id="pf-in-coin"
              name="coin"
              value={draft.coin}
              onChange={set('coin')}
              onFocus={loadCoins}
              list="pf-coins"
              placeholder={t('portfolio.ui.coinHint')}
              autoComplete="off"
              {...aria('coin')}
            />
            <datalist id="pf-coins">
              {coins.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.symbol} · {c.name}
                </option>
              ))}
            </datalist>
          </>,
        )}
        {field(
          'at',
          t('portfolio.ui.date'),
          <input id="pf-in-at" name="at" type="datetime-local" value={draft.at} onChange={set('at')} {...aria('at')} />,
        )}
        {field(
          'quantity',
          t('portfolio.ui.quantity'),
          <input
            id="pf-in-quantity"
            name="quantity"
            inputMode="decimal"
            value={draft.quantity}
            onChange={set('quantity')}
            {...aria('quantity')}
          />,
        )}
        {field(
          'price',
          t('portfolio.ui.price'),
          <input
            id="pf-in-price"
            name="price"
            inputMode="decimal"
            value={draft.price}
            onChange={set('price')}
            required={needsPrice}
            {...aria('price')}
          />,
        )}
        {field(
          'currency',
          t('portfolio.ui.currency'),
          <select id="pf-in-currency" name="currency" value={draft.currency} onChange={set('currency')}>
            {TX_CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>,
        )}
        {field(
          'fee',
          t('portfolio.ui.fee'),
          <input
            id="pf-in-fee"
            name="fee"
            inputMode="decimal"
            value={draft.fee}
            onChange={set('fee')}
            {...aria('fee')}
          />,
        )}
        {field(
          'note',
          t('portfolio.ui.note'),
          <input id="pf-in-note" name="note" value={draft.note} onChange={set('note')} {...aria('note')} />,
        )}
      </div>
      <div className="pf-buttons">
        <button type="submit" className="btn primary" disabled={busy}>
          {editing ? t('portfolio.ui.save') : t('portfolio.ui.add')}
        </button>
        {editing && (
          <button type="button" className="btn" onClick={onCancel}>
            {t('portfolio.ui.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
