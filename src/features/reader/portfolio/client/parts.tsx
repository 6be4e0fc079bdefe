/**
 * The portfolio island's read-only parts: the totals, the value-over-time line, the holdings and
 * the transactions. Figures arrive as exact decimal strings in the reader's currency; they are
 * only rounded here, for display.
 */
import { useState } from 'react';
import { CURRENCY_SYMBOLS, formatPercent, formatPrice } from '../../../../lib/format/index.ts';
import { LOCALE_TAGS, type Locale } from '../../../../lib/i18n/index.ts';
import { sparkPath } from '../../../../lib/sparkline.ts';
import type { T } from '../../account/client/fields.tsx';
import type { TxKind } from '../input.ts';

export interface Shown {
  id: number | string;
  coin: { id: string; symbol: string; name: string };
  kind: TxKind;
  at: string;
  quantity: string;
  price: string | null;
  currency: string;
  fee: string;
  note: string;
}

export interface PortfolioView {
  portfolio: { id: number; name: string } | null;
  currency: string;
  asOf: number | null;
  totals: { value: string; cost: string; realised: string; unrealised: string; change24h: string | null };
  holdings: {
    coin: { id: string; symbol: string; name: string; listed: boolean };
    quantity: string;
    averageCost: string | null;
    price: string | null;
    value: string | null;
    change24h: string | null;
    unrealised: string | null;
    unrealisedPercent: string | null;
    realised: string;
    allocation: string | null;
  }[];
  history: { t: number; value: string }[];
  transactions: Shown[];
}

export interface Fmt {
  money: (v: string | null, currency?: string) => string;
  signed: (v: string | null) => string;
  percent: (v: string | null) => string;
  quantity: (v: string) => string;
  date: (iso: string | number) => string;
  day: (iso: string | number) => string;
  trend: (v: string | null) => string;
}

export function formatters(locale: Locale, currency: string): Fmt {
  const sym = (c: string) => CURRENCY_SYMBOLS[c] ?? `${c} `;
  const money = (v: string | null, c = currency) =>
    v === null ? '--' : Number(v) === 0 ? `${sym(c)}0` : formatPrice(v, { locale, symbol: sym(c) });
  const quantity = new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 8 });
  const date = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const day = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    money,
    signed: (v) => (v !== null && Number(v) > 0 ? `+${money(v)}` : money(v)),
    percent: (v) => (v === null ? '--' : formatPercent(v, { decimals: 2 })),
    quantity: (v) => quantity.format(Number(v)),
    date: (v) => date.format(new Date(v)),
    day: (v) => day.format(new Date(v)),
    trend: (v) => (v === null || Number(v) === 0 ? '' : Number(v) > 0 ? 'rise' : 'fall'),
  };
}

export function Totals({ v, t, f }: { v: PortfolioView; t: T; f: Fmt }) {
  const cards: [string, string, string][] = [
    ['balance', f.money(v.totals.value), ''],
    ['change24h', f.percent(v.totals.change24h), f.trend(v.totals.change24h)],
    ['unrealised', f.signed(v.totals.unrealised), f.trend(v.totals.unrealised)],
    ['realised', f.signed(v.totals.realised), f.trend(v.totals.realised)],
  ];
  return (
    <dl className="pf-totals" data-testid="pf-totals">
      {cards.map(([key, text, cls]) => (
        <div key={key}>
          <dt>{t(`portfolio.ui.${key}`)}</dt>
          <dd className={`num ${cls}`} data-testid={`pf-${key}`}>
            {text}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const RANGES = ['7d', '30d', '90d', '1y'] as const;
export type Range = (typeof RANGES)[number];

export function ValueChart({
  v,
  t,
  f,
  range,
  onRange,
}: {
  v: PortfolioView;
  t: T;
  f: Fmt;
  range: Range;
  onRange: (r: Range) => void;
}) {
  const spark = sparkPath(
    v.history.map((p) => Number(p.value)),
    600,
    120,
  );
  const first = v.history[0];
  const last = v.history.at(-1);
  const n = v.history.length;
  const [at, setAt] = useState<number | null>(null);
  const index = at === null || n < 2 ? null : Math.min(n - 1, Math.max(0, at));
  const shown = index === null ? null : v.history[index];
  return (
    <section className="pf-chart" aria-labelledby="pf-chart-h">
      <div className="pf-head">
        <h2 id="pf-chart-h">{t('portfolio.ui.valueOverTime')}</h2>
        <fieldset className="pf-ranges">
          <legend className="sr-only">{t('portfolio.ui.rangeLabel')}</legend>
          {RANGES.map((r) => (
            <button key={r} type="button" className="btn small" aria-pressed={r === range} onClick={() => onRange(r)}>
              {r.toUpperCase()}
            </button>
          ))}
        </fieldset>
      </div>
      {spark && first && last ? (
        <figure>
          {/* The day under the pointer (or chosen with the arrow keys), with its value. */}
          <p className="pf-readout" data-testid="pf-readout">
            {shown ? `${f.day(shown.t)} · ${f.money(shown.value)}` : '\u00a0'}
          </p>
          <div
            // A slider over the days: the arrow keys walk them as the pointer does.
            role="slider"
            tabIndex={0}
            className="pf-plot"
            aria-label={t('portfolio.ui.valueOverTime')}
            aria-valuemin={0}
            aria-valuemax={n - 1}
            aria-valuenow={index ?? n - 1}
            aria-valuetext={`${f.day((shown ?? last).t)} · ${f.money((shown ?? last).value)}`}
            data-testid="pf-value-chart"
            onPointerMove={(e) => {
              const box = e.currentTarget.getBoundingClientRect();
              setAt(Math.round(((e.clientX - box.left) / box.width) * (n - 1)));
            }}
            onPointerLeave={() => setAt(null)}
            onBlur={() => setAt(null)}
            onKeyDown={(e) => {
              const step = { ArrowLeft: -1, ArrowRight: 1, Home: -n, End: n }[e.key];
              if (step === undefined) return;
              e.preventDefault();
              setAt((a) => Math.min(n - 1, Math.max(0, a === null ? (step < 0 ? n - 1 : 0) : a + step)));
            }}
          >
            <svg viewBox="0 0 600 120" preserveAspectRatio="none" aria-hidden="true">
              <path d={spark.d} className={`pf-line ${spark.trend}`} vectorEffect="non-scaling-stroke" />
              {index !== null && (
                <line
                  x1={(index / (n - 1)) * 600}
                  x2={(index / (n - 1)) * 600}
                  y1="0"
                  y2="120"
                  className="pf-cursor"
                  vectorEffect="non-scaling-stroke"
                />
              )}
            </svg>
          </div>
          <figcaption className="muted pf-ends">
            <span>
              {f.day(first.t)} · {f.money(first.value)}
            </span>
            <span>
              {f.day(last.t)} · {f.money(last.value)}
            </span>
          </figcaption>
        </figure>
      ) : (
        <p className="muted">{t('portfolio.ui.noHistory')}</p>
      )}
    </section>
  );
}

export function Holdings({ v, t, f, base }: { v: PortfolioView; t: T; f: Fmt; base: string }) {
  const cols = ['coin', 'quantity', 'avgCost', 'price', 'value', 'change24h', 'pnl', 'allocation'];
  return (
    <div className="pf-scroll">
      <table className="pf-table" data-testid="pf-holdings">
        <caption className="sr-only">{t('portfolio.ui.holdings')}</caption>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c} scope="col">
                {t(`portfolio.ui.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {v.holdings.map((h) => (
            <tr key={h.coin.id} data-coin={h.coin.id}>
              <th scope="row">
                {h.coin.listed ? <a href={`${base}/coin/${h.coin.id}`}>{h.coin.symbol}</a> : h.coin.symbol}
                {!h.coin.listed && <small className="muted"> · {t('portfolio.ui.unlisted')}</small>}
              </th>
              <td className="num">{f.quantity(h.quantity)}</td>
              <td className="num">{f.money(h.averageCost)}</td>
              <td className="num">{f.money(h.price)}</td>
              <td className="num">{f.money(h.value)}</td>
              <td className={`num ${f.trend(h.change24h)}`}>{f.percent(h.change24h)}</td>
              <td className={`num ${f.trend(h.unrealised)}`}>
                {f.signed(h.unrealised)}
                {h.unrealisedPercent !== null && <small> ({f.percent(h.unrealisedPercent)})</small>}
              </td>
              <td className="num">{h.allocation === null ? '--' : `${Number(h.allocation).toFixed(2)}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const PAGE = 20;

export function Transactions({
  v,
  t,
  f,
  busy,
  onEdit,
  onRemove,
}: {
  v: PortfolioView;
  t: T;
  f: Fmt;
  busy: boolean;
  onEdit: (s: Shown) => void;
  onRemove: (s: Shown) => void;
}) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(v.transactions.length / PAGE));
  const at = Math.min(page, pages - 1);
  const rows = v.transactions.slice(at * PAGE, at * PAGE + PAGE);
  return (
    <section aria-labelledby="pf-tx-h">
      <h2 id="pf-tx-h">{t('portfolio.ui.transactions')}</h2>
      <div className="pf-scroll">
        <table className="pf-table" data-testid="pf-transactions">
          <thead>
            <tr>
              {['date', 'type', 'coin', 'quantity', 'price', 'fee', 'note'].map((c) => (
                <th key={c} scope="col">
                  {t(`portfolio.ui.${c}`)}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">{t('portfolio.ui.edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id}>
                <td>{f.date(s.at)}</td>
                <td>{t(`portfolio.ui.kind.${s.kind}`)}</td>
                <th scope="row">{s.coin.symbol}</th>
                <td className="num">{f.quantity(s.quantity)}</td>
                <td className="num">{f.money(s.price, s.currency)}</td>
                <td className="num">{Number(s.fee) === 0 ? '--' : f.money(s.fee, s.currency)}</td>
                <td className="pf-note">{s.note}</td>
                <td className="pf-actions">
                  <button type="button" className="btn small" disabled={busy} onClick={() => onEdit(s)}>
                    {t('portfolio.ui.edit')}
                  </button>
                  <button type="button" className="btn small" disabled={busy} onClick={() => onRemove(s)}>
                    {t('portfolio.ui.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="pf-pager" aria-label={t('portfolio.ui.transactions')}>
          <button
            type="button"
            className="btn small"
            aria-label={t('portfolio.ui.prevPage')}
            disabled={at === 0}
            onClick={() => setPage(at - 1)}
          >
            ‹
          </button>
          <span>
            {at + 1} / {pages}
          </span>
          <button
            type="button"
            className="btn small"
            aria-label={t('portfolio.ui.nextPage')}
            disabled={at >= pages - 1}
            onClick={() => setPage(at + 1)}
          >
            ›
          </button>
        </nav>
      )}
    </section>
  );
}
