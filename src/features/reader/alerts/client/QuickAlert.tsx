/**
 * The coin page's "Price alert" dialog for a signed-in reader (issue 26): the alert form with the
 * coin filled in, set without leaving the page. Loaded on the link's first click; a visitor's
 * click follows the link to the user centre, which asks them to log in first.
 */
import { useEffect, useRef, useState } from 'react';
import { openLinkDialog, type Translate } from '../../../../islands/linkDialog.tsx';
import { apiPost } from '../../../../stores/api.ts';
import { FormNote, useSubmit } from '../../account/client/fields.tsx';
import AlertForm, { blankAlert } from './AlertForm.tsx';
import './alerts.css';

function QuickAlert({
  t,
  coin,
  name,
  href,
  close,
}: {
  t: Translate;
  coin: string;
  name: string;
  href: string;
  close: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState(() => blankAlert(coin));
  const { busy, note, run } = useSubmit();
  // The coin is filled in: the level is what is left to type.
  useEffect(() => box.current?.querySelector<HTMLInputElement>('input[name=level]')?.focus(), []);

  const save = () =>
    run(async () => {
      await apiPost('/new/v1/alerts/create', { ...draft, level: draft.level.trim() });
      setDraft(blankAlert(coin));
      return { kind: 'ok', text: t('alerts.created') };
    }, t);

  return (
    <div ref={box}>
      <h2 id="alert-quick-title">{t('alerts.ui.quick.title', { name })}</h2>
      <AlertForm
        t={t}
        draft={draft}
        onDraft={setDraft}
        busy={busy}
        editing={false}
        onSubmit={() => void save()}
        onCancel={() => {}}
      />
      <FormNote note={note} testId="alert-quick-result" />
      <p className="link-dialog-buttons">
        <a className="btn" href={href} data-testid="alert-quick-manage">
          {t('alerts.ui.quick.manage')}
        </a>
        <button type="button" className="btn" onClick={close}>
          {t('alerts.ui.quick.close')}
        </button>
      </p>
    </div>
  );
}

/** Opens the dialog for the coin of a `[data-alert-add]` link (CoinHeader.astro). */
export function openQuickAlert(link: HTMLElement): void {
  const coin = link.dataset.alertAdd ?? '';
  const name = link.dataset.name ?? coin;
  const href = link.getAttribute('href') ?? '/user#alerts';
  openLinkDialog(
    link,
    { className: 'alert-quick', titleId: 'alert-quick-title', testId: 'alert-quick' },
    (t, close) => <QuickAlert t={t} coin={coin} name={name} href={href} close={close} />,
  );
}
