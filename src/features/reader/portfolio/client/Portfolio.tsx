/**
 * The portfolio island (issue 26): for a signed-in reader, their portfolios on the server; for a
 * visitor, one kept in this browser (local.ts) and valued by `portfolio/evaluate` without being
 * stored. When a visitor signs in, the browser's transactions are merged into their account
 * (each once) and the browser copy is cleared only after the server acknowledged them.
 * Rendered in the browser only (`client:only`): the page around it is the same for everyone.
 */
import { useCallback, useEffect, useState } from 'react';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import { apiGet, apiPost } from '../../../../stores/api.ts';
import { errorText, FormNote, useSession, useSubmit, type T } from '../../account/client/fields.tsx';
import { TX_CURRENCIES, type TxInput } from '../input.ts';
import { newClientId, readLocal, SELECTED, writeLocal, type LocalTx } from './local.ts';
import {
  formatters,
  Holdings,
  Totals,
  Transactions,
  ValueChart,
  type PortfolioView,
  type Range,
  type Shown,
} from './parts.tsx';
import TxForm from './TxForm.tsx';
import ImportCsv from './ImportCsv.tsx';
import './portfolio.css';

const P = '/new/v1/portfolio';
type Listed = { id: number; name: string; transactions: number };

function pageCurrency(): string {
  const c = typeof document === 'undefined' ? 'USD' : (document.documentElement.dataset.currency ?? 'USD');
  return (TX_CURRENCIES as readonly string[]).includes(c) ? c : 'USD';
}

export default function Portfolio({ locale, base, dict }: { locale: Locale; base: string; dict: Dict }) {
  const t: T = createTranslator(dict);
  const session = useSession();
  const signedIn = session.isLogin;
  const currency = pageCurrency();
  const [list, setList] = useState<Listed[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [view, setView] = useState<PortfolioView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [range, setRange] = useState<Range>('30d');
  const { busy, note, setNote, run } = useSubmit();
  /** Where the result line shows: by the portfolio controls, or by the transaction form. */
  const [noteAt, setNoteAt] = useState<'top' | 'form'>('form');
  const [editing, setEditing] = useState<Shown | null>(null);
  const [formKey, setFormKey] = useState(0);
  /** Bumped when the reader picks another portfolio (kept in localStorage). */
  const [picked, setPicked] = useState(0);
  const f = formatters(locale, view?.currency ?? currency);
  const query = { currency, range };

  const evaluate = (txs: readonly LocalTx[]) => apiPost<PortfolioView>(`${P}/evaluate`, { transactions: txs }, query);

  const load = useCallback(async () => {
    setFailure(null);
    try {
      if (!signedIn) return setView(await evaluate(readLocal()));
      const local = readLocal();
      if (local.length > 0) {
        // A merge that fails (a full account, a coin gone) keeps the browser's copy and says so; the page still loads.
        try {
          await apiPost(`${P}/merge`, { name: t('portfolio.ui.defaultName'), transactions: local });
          writeLocal([]);
        } catch (e) {
          setNoteAt('top');
          setNote({ kind: 'error', text: t('portfolio.ui.mergeFailed', { reason: errorText(e, t) }) });
        }
      }
      const all = await apiGet<Listed[]>(`${P}/list`);
      setList(all);
      const kept = Number(localStorage.getItem(SELECTED));
      const id = all.find((p) => p.id === kept)?.id ?? all[0]?.id ?? null;
      setSelected(id);
      setView(id === null ? await evaluate([]) : await apiGet<PortfolioView>(`${P}/view`, { id, ...query }));
    } catch (e) {
      setFailure(errorText(e, t));
    }
  }, [signedIn, picked, range, currency]);

  useEffect(() => {
    void load();
  }, [load]);

  /** One change: on success the view is loaded again and the note says so. */
  const change = (action: () => Promise<string | undefined>, at: 'top' | 'form' = 'form'): Promise<boolean> => {
    setNoteAt(at);
    return run(async () => {
      const msg = await action();
      await load();
      return msg ? { kind: 'ok', text: msg } : undefined;
    }, t);
  };

  const ensurePortfolio = async (): Promise<number> => {
    if (selected !== null) return selected;
    const made = await apiPost<{ id: number }>(`${P}/create`, { name: t('portfolio.ui.defaultName') });
    localStorage.setItem(SELECTED, String(made.id));
    setSelected(made.id);
    return made.id;
  };

  const save = (tx: TxInput) =>
    change(async () => {
      if (!signedIn) {
        const local = readLocal();
        const next: LocalTx[] = editing
          ? local.map((l) => (l.clientId === editing.id ? { ...tx, clientId: l.clientId } : l))
          : [...local, { ...tx, clientId: newClientId() }];
        await evaluate(next); // refused (an oversell) before anything is kept
        writeLocal(next);
      } else if (editing) await apiPost(`${P}/transaction/update`, { id: editing.id, ...tx });
      else await apiPost(`${P}/transaction/add`, { portfolioId: await ensurePortfolio(), ...tx });
      const msg = t(editing ? 'portfolio.updated' : 'portfolio.added');
      setEditing(null);
      setFormKey((k) => k + 1);
      return msg;
    });

  const remove = (s: Shown) =>
    change(async () => {
      if (!signedIn) {
        const next = readLocal().filter((l) => l.clientId !== s.id);
        await evaluate(next);
        writeLocal(next);
      } else await apiPost(`${P}/transaction/delete`, { id: s.id });
      return t('portfolio.removed');
    });

  const choose = (id: number) => {
    localStorage.setItem(SELECTED, String(id));
    setPicked((n) => n + 1);
  };

  if (failure)
    return (
      <div className="pf-state" role="alert">
        <p>{t('portfolio.ui.loadFailed')}</p>
        <p className="muted">{failure}</p>
        <button type="button" className="btn" onClick={() => void load()}>
          {t('portfolio.ui.retry')}
        </button>
      </div>
    );
  if (!view)
    return (
      <p className="pf-state muted" aria-busy="true" data-testid="pf-loading">
        {t('portfolio.ui.loading')}
      </p>
    );

  return (
    <div className="portfolio" data-testid="portfolio">
      {signedIn ? (
        <Manage t={t} list={list ?? []} selected={selected} onChoose={choose} change={change} />
      ) : (
        <p className="pf-visitor muted" data-testid="pf-visitor-note">
          {t('portfolio.ui.visitorNote')}{' '}
          <button type="button" className="btn small" data-login>
            {t('account.header.login')}
          </button>
        </p>
      )}
      {noteAt === 'top' && <FormNote note={note} testId="pf-result" />}
      <Totals v={view} t={t} f={f} />
      {view.holdings.length === 0 ? (
        <p className="pf-state muted" data-testid="pf-empty">
          {t('portfolio.ui.empty')}
        </p>
      ) : (
        <>
          <ValueChart v={view} t={t} f={f} range={range} onRange={setRange} />
          <Holdings v={view} t={t} f={f} base={base} />
        </>
      )}
      {noteAt === 'form' && <FormNote note={note} testId="pf-result" />}
      <TxForm
        key={`${formKey}-${editing?.id ?? ''}`}
        t={t}
        currency={currency}
        editing={editing}
        start={{ coin: new URLSearchParams(location.search).get('add') ?? '' }}
        busy={busy}
        onSave={save}
        onCancel={() => setEditing(null)}
      />
      {view.transactions.length > 0 && (
        <Transactions v={view} t={t} f={f} busy={busy} onEdit={setEditing} onRemove={(s) => void remove(s)} />
      )}
      {signedIn && selected !== null && <ImportCsv t={t} portfolioId={selected} onSaved={() => void load()} />}
      <p className="muted pf-sources">{t('portfolio.ui.sources', { time: view.asOf ? f.date(view.asOf) : '--' })}</p>
    </div>
  );
}

/** Choosing, making, renaming and deleting a signed-in reader's portfolios. */
function Manage({
  t,
  list,
  selected,
  onChoose,
  change,
}: {
  t: T;
  list: Listed[];
  selected: number | null;
  onChoose: (id: number) => void;
  change: (action: () => Promise<string | undefined>, at: 'top') => Promise<boolean>;
}) {
  const [name, setName] = useState('');
  const current = list.find((p) => p.id === selected);
  return (
    <div className="pf-manage">
      {list.length > 0 && (
        <label className="pf-field">
          <span>{t('portfolio.ui.choose')}</span>
          <select value={selected ?? ''} onChange={(e) => onChoose(Number(e.target.value))} data-testid="pf-choose">
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.transactions})
              </option>
            ))}
          </select>
        </label>
      )}
      <form
        className="pf-inline"
        onSubmit={(e) => {
          e.preventDefault();
          void change(async () => {
            const made = await apiPost<{ id: number }>(`${P}/create`, { name });
            setName('');
            onChoose(made.id);
            return t('portfolio.created');
          }, 'top');
        }}
      >
        <label className="pf-field">
          <span>{t('portfolio.ui.new')}</span>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={40} />
        </label>
        <button type="submit" className="btn">
          {t('portfolio.ui.create')}
        </button>
        {current && (
          <>
            <button
              type="button"
              className="btn"
              disabled={name.trim() === ''}
              onClick={() =>
                void change(async () => {
                  await apiPost(`${P}/rename`, { id: current.id, name });
                  setName('');
                  return t('portfolio.renamed');
                }, 'top')
              }
            >
              {t('portfolio.ui.rename')}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                if (!confirm(t('portfolio.ui.confirmDelete', { name: current.name }))) return;
                void change(async () => {
                  await apiPost(`${P}/delete`, { id: current.id });
                  localStorage.removeItem(SELECTED);
                  return t('portfolio.deleted');
                }, 'top');
              }}
            >
              {t('portfolio.ui.delete')}
            </button>
          </>
        )}
      </form>
    </div>
  );
}
