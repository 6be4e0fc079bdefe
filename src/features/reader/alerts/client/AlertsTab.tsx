/**
 * The user centre's price-alert tab (issue 26): the reader's alerts with their coins' prices and
 * whether each is waiting or has fired, and the form that sets or changes one. A coin page's
 * "Price alert" link opens it with the coin filled in (`/user?alert=<coin>#alerts`).
 */
import { useCallback, useEffect, useState } from 'react';
import { CURRENCY_SYMBOLS, formatPrice } from '../../../../lib/format/index.ts';
import { LOCALE_TAGS, type Locale } from '../../../../lib/i18n/index.ts';
import { apiGet, apiPost } from '../../../../stores/api.ts';
import { errorText, FormNote, type Note, type T } from '../../account/client/fields.tsx';
import AlertForm, { blankAlert, pageCurrency, type Kind } from './AlertForm.tsx';
import './alerts.css';

interface Alert {
  id: number;
  coin: { id: string; symbol: string; name: string; price: string | null };
  kind: Kind;
  level: string;
  currency: string;
  push: boolean;
  email: boolean;
  armed: boolean;
  firedAt: string | null;
}
const blank = () => blankAlert(new URLSearchParams(location.search).get('alert') ?? '');

export default function AlertsTab({ t, locale }: { t: T; locale: Locale }) {
  const [alerts, setAlerts] = useState<Alert[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft] = useState(blank);
  const [editing, setEditing] = useState<number | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const when = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' });

  const load = useCallback(async () => {
    setFailure(null);
    try {
      setAlerts(await apiGet<Alert[]>('/new/v1/alerts/list'));
    } catch (e) {
      setFailure(errorText(e, t));
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    setNote(null);
    try {
      setNote({ kind: 'ok', text: await action() });
      await load();
    } catch (e) {
      setNote({ kind: 'error', text: errorText(e, t) });
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    act(async () => {
      const body = { ...draft, level: draft.level.trim() };
      if (editing) await apiPost('/new/v1/alerts/update', { id: editing, ...body });
      else await apiPost('/new/v1/alerts/create', body);
      const done = t(editing ? 'alerts.updated' : 'alerts.created');
      setEditing(null);
      setDraft({ ...blank(), coin: '' });
      return done;
    });
  const levelText = (a: Alert) =>
    a.kind === 'CHANGE_24H'
      ? `${a.level}%`
      : formatPrice(a.level, { locale, symbol: CURRENCY_SYMBOLS[a.currency] ?? `${a.currency} ` });

  return (
    <section className="alerts" data-testid="alerts">
      <p className="muted">{t('alerts.ui.lead')}</p>
      <AlertForm
        t={t}
        draft={draft}
        onDraft={setDraft}
        busy={busy}
        editing={editing !== null}
        onSubmit={() => void save()}
        onCancel={() => (setEditing(null), setDraft(blank()))}
      />
      <FormNote note={note} testId="alert-result" />
      {failure ? (
        <div role="alert">
          <p>{t('alerts.ui.loadFailed')}</p>
          <button type="button" className="btn" onClick={() => void load()}>
            {t('alerts.ui.retry')}
          </button>
        </div>
      ) : !alerts ? (
        <p className="muted">{t('alerts.ui.loading')}</p>
      ) : alerts.length === 0 ? (
        <p className="muted" data-testid="alerts-empty">
          {t('alerts.ui.empty')}
        </p>
      ) : (
        <div className="alerts-scroll">
          <table className="alerts-table" data-testid="alerts-list">
            <thead>
              <tr>
                {['coin', 'kind', 'level', 'price', 'state'].map((k) => (
                  <th key={k} scope="col">
                    {t(`alerts.ui.${k}`)}
                  </th>
                ))}
                <th scope="col">
                  <span className="sr-only">{t('alerts.ui.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{a.coin.symbol}</th>
                  <td>{t(`alerts.ui.kinds.${a.kind}`)}</td>
                  <td className="num">{levelText(a)}</td>
                  <td className="num">{a.coin.price ? formatPrice(a.coin.price, { locale }) : '--'}</td>
                  <td>
                    {a.armed || !a.firedAt
                      ? t('alerts.ui.armed')
                      : t('alerts.ui.fired', { time: when.format(new Date(a.firedAt)) })}
                  </td>
                  <td className="alerts-actions">
                    <button
                      type="button"
                      className="btn small"
                      onClick={() => {
                        setEditing(a.id);
                        setDraft({
                          coin: a.coin.id,
                          kind: a.kind,
                          level: a.level,
                          currency: a.currency === '%' ? pageCurrency() : a.currency,
                          push: a.push,
                          email: a.email,
                        });
                      }}
                    >
                      {t('alerts.ui.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn small"
                      disabled={busy}
                      onClick={() =>
                        void act(async () => {
                          await apiPost('/new/v1/alerts/delete', { id: a.id });
                          return t('alerts.deleted');
                        })
                      }
                    >
                      {t('alerts.ui.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
