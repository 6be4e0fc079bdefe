/**
 * The coin page's "Add to portfolio" dialog (issue 26): the transaction form with the coin and
 * its price filled in, saved to the reader's portfolio (chosen among theirs; the first is made
 * when they have none) or, for a visitor, to the browser's (local.ts), by the portfolio page's
 * rules. Loaded when the reader asks for it: coin pages carry only the link and its words.
 */
import { useEffect, useRef, useState } from 'react';
import { openLinkDialog } from '../../../../islands/linkDialog.tsx';
import { signedIn } from '../../../../lib/cookies.ts';
import { apiGet, apiPost } from '../../../../stores/api.ts';
import { errorText, FormNote, useSubmit, type T } from '../../account/client/fields.tsx';
import { TX_CURRENCIES, type TxInput } from '../input.ts';
import { priceField } from '../quickAdd.ts';
import { newClientId, readLocal, SELECTED, writeLocal } from './local.ts';
import TxForm from './TxForm.tsx';
import './portfolio.css';

const P = '/new/v1/portfolio';
type Listed = { id: number; name: string; transactions: number };
interface Coin {
  id: string;
  name: string;
  /** In the page's currency. */
  price: number | null;
  currency: string;
}

function QuickAdd({ t, coin, href, close }: { t: T; coin: Coin; href: string; close: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const reader = signedIn();
  const [list, setList] = useState<Listed[] | null>(reader ? null : []);
  const [chosen, setChosen] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, note, run } = useSubmit();
  const [saved, setSaved] = useState(0);

  // The coin and its price are filled in: the quantity is what is left to type.
  useEffect(() => {
    if (list) box.current?.querySelector<HTMLInputElement>('#pf-in-quantity')?.focus();
  }, [list === null]);
  useEffect(() => {
    if (!reader || list) return;
    apiGet<Listed[]>(`${P}/list`)
      .then((all) => {
        const kept = Number(localStorage.getItem(SELECTED));
        setChosen(all.find((p) => p.id === kept)?.id ?? all[0]?.id ?? null);
        setList(all);
      })
      .catch((e: unknown) => setFailure(errorText(e, t)));
  }, [reader, list]);

  const save = (tx: TxInput) =>
    run(async () => {
      if (!reader) {
        const next = [...readLocal(), { ...tx, clientId: newClientId() }];
        // Valued first: an oversell is refused before anything is kept.
        await apiPost(`${P}/evaluate`, { transactions: next }, { currency: coin.currency });
        writeLocal(next);
      } else {
        let id = chosen;
        if (id === null) {
          id = (await apiPost<{ id: number }>(`${P}/create`, { name: t('portfolio.ui.defaultName') })).id;
          setChosen(id);
          setList([{ id, name: t('portfolio.ui.defaultName'), transactions: 0 }]);
        }
        await apiPost(`${P}/transaction/add`, { portfolioId: id, ...tx });
        localStorage.setItem(SELECTED, String(id));
      }
      setSaved((n) => n + 1);
      return { kind: 'ok', text: t('portfolio.added') };
    }, t);

  const currency = (TX_CURRENCIES as readonly string[]).includes(coin.currency) ? coin.currency : 'USD';
  return (
    <div ref={box}>
      <h2 id="pf-quick-title">{t('portfolio.ui.quick.title', { name: coin.name })}</h2>
      {failure ? (
        <p role="alert">
          {t('portfolio.ui.loadFailed')} <span className="muted">{failure}</span>
        </p>
      ) : !list ? (
        <p className="muted" aria-busy="true">
          {t('portfolio.ui.loading')}
        </p>
      ) : (
        <>
          {reader && list.length > 1 && (
            <label className="pf-field">
              <span>{t('portfolio.ui.choose')}</span>
              <select
                value={chosen ?? ''}
                onChange={(e) => setChosen(Number(e.target.value))}
                data-testid="pf-quick-choose"
              >
                {list.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {!reader && (
            <p className="muted" data-testid="pf-quick-visitor">
              {t('portfolio.ui.visitorNote')}
            </p>
          )}
          <TxForm
            key={saved}
            t={t}
            currency={currency}
            start={{ coin: coin.id, price: priceField(coin.price), currency }}
            title={null}
            editing={null}
            busy={busy}
            onSave={save}
            onCancel={() => {}}
          />
        </>
      )}
      <FormNote note={note} testId="pf-quick-result" />
      <p className="link-dialog-buttons">
        {saved > 0 && (
          <a className="btn" href={href} data-testid="pf-quick-view">
            {t('portfolio.ui.quick.view')}
          </a>
        )}
        <button type="button" className="btn" onClick={close}>
          {t('portfolio.ui.quick.close')}
        </button>
      </p>
    </div>
  );
}

/** Opens the dialog for the coin of a `[data-portfolio-add]` link (CoinHeader.astro). */
export function openQuickAdd(link: HTMLElement): void {
  const d = link.dataset;
  const price = Number(d.price);
  const coin: Coin = {
    id: d.portfolioAdd ?? '',
    name: d.name ?? '',
    price: d.price && Number.isFinite(price) ? price : null,
    currency: document.documentElement.dataset.currency ?? 'USD',
  };
  const href = link.getAttribute('href') ?? '/portfolio';
  openLinkDialog(link, { className: 'pf-quick', titleId: 'pf-quick-title', testId: 'pf-quick' }, (t, close) => (
    <QuickAdd t={t} coin={coin} href={href} close={close} />
  ));
}
