/**
 * The form that sets or changes a price alert, under the line that says when alerts fire: the
 * user centre's tab (AlertsTab.tsx) and the coin page's dialog (QuickAlert.tsx) draw the same one.
 */
import type { T } from '../../account/client/fields.tsx';

export type Kind = 'ABOVE' | 'BELOW' | 'CHANGE_24H';
export type AlertDraft = { coin: string; kind: Kind; level: string; currency: string; push: boolean; email: boolean };
const KINDS: Kind[] = ['ABOVE', 'BELOW', 'CHANGE_24H'];
const CURRENCIES = ['USD', 'USDT', 'BTC', 'ETH', 'CNY', 'EUR', 'JPY', 'KRW', 'HKD', 'TWD'];

export const pageCurrency = () => {
  const c = document.documentElement.dataset.currency ?? 'USD';
  return CURRENCIES.includes(c) ? c : 'USD';
};
export const blankAlert = (coin: string): AlertDraft => ({
  coin,
  kind: 'ABOVE',
  level: '',
  currency: pageCurrency(),
  push: true,
  email: false,
});

export default function AlertForm({
  t,
  draft,
  onDraft,
  busy,
  editing,
  onSubmit,
  onCancel,
}: {
  t: T;
  draft: AlertDraft;
  onDraft: (d: AlertDraft) => void;
  busy: boolean;
  editing: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <p className="muted alerts-hint">
        {t('alerts.ui.liveOnly')} {t('alerts.ui.notifyHint')}
      </p>
      <form
        className="alerts-form"
        data-testid="alert-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <label>
          <span>{t('alerts.ui.coin')}</span>
          <input
            name="coin"
            value={draft.coin}
            placeholder={t('alerts.ui.coinHint')}
            onChange={(e) => onDraft({ ...draft, coin: e.target.value })}
          />
        </label>
        <label>
          <span>{t('alerts.ui.kind')}</span>
          <select name="kind" value={draft.kind} onChange={(e) => onDraft({ ...draft, kind: e.target.value as Kind })}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`alerts.ui.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('alerts.ui.level')}</span>
          <input
            name="level"
            inputMode="decimal"
            value={draft.level}
            onChange={(e) => onDraft({ ...draft, level: e.target.value })}
          />
        </label>
        {draft.kind !== 'CHANGE_24H' && (
          <label>
            <span>{t('alerts.ui.currency')}</span>
            <select
              name="currency"
              value={draft.currency}
              onChange={(e) => onDraft({ ...draft, currency: e.target.value })}
            >
              {CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
        )}
        <label className="alerts-check">
          <input type="checkbox" checked={draft.push} onChange={(e) => onDraft({ ...draft, push: e.target.checked })} />
          <span>{t('alerts.ui.push')}</span>
        </label>
        <label className="alerts-check">
          <input
            type="checkbox"
            checked={draft.email}
            onChange={(e) => onDraft({ ...draft, email: e.target.checked })}
          />
          <span>{t('alerts.ui.email')}</span>
        </label>
        <div className="alerts-buttons">
          <button type="submit" className="btn primary" disabled={busy}>
            {editing ? t('alerts.ui.save') : t('alerts.ui.add')}
          </button>
          {editing && (
            <button type="button" className="btn" onClick={onCancel}>
              {t('alerts.ui.cancel')}
            </button>
          )}
        </div>
      </form>
    </>
  );
}
