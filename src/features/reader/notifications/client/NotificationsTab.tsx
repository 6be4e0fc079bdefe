/**
 * The user centre's "Notifications" tab: the announcement subscription editor, this device's
 * notification button, the private RSS/Atom feed and the announcements of subscribed exchanges.
 * The same code as the announcement pages' alerts panel (./ui.ts, framework-free), mounted into
 * containers React leaves alone, and loaded when the tab opens.
 */
import { useEffect, useRef } from 'react';
import type { Locale } from '../../../../lib/i18n/index.ts';

interface Props {
  t: (key: string, vars?: Record<string, string | number>) => string;
  base: string;
  locale: Locale;
}

export default function NotificationsTab({ t, base, locale }: Props) {
  const editor = useRef<HTMLDivElement>(null);
  const notify = useRef<HTMLDivElement>(null);
  const feed = useRef<HTMLDivElement>(null);
  const mine = useRef<HTMLDivElement>(null);
  // The centre makes a new `t` on every render; the words do not change, so mount once.
  const words = useRef(t);

  useEffect(() => {
    let live = true;
    void import('./ui.ts').then((m) => {
      if (!live || !editor.current || !notify.current || !feed.current || !mine.current) return;
      const ui = { t: words.current, base, locale };
      const mineBox = mine.current;
      void m.mountEditor(editor.current, ui, () => void m.mountMine(mineBox, ui));
      void m.mountNotify(notify.current, ui);
      void m.mountFeed(feed.current, ui);
      void m.mountMine(mineBox, ui);
    });
    return () => {
      live = false;
    };
  }, [base, locale]);

  return (
    <div className="push-ui push-centre" data-testid="notifications-tab">
      <section aria-labelledby="push-subs-h">
        <h2 id="push-subs-h">{t('pushUi.panel.heading')}</h2>
        <p className="muted">{t('pushUi.panel.about')}</p>
        <div ref={editor} />
      </section>
      <section aria-labelledby="push-notify-h">
        <h2 id="push-notify-h">{t('pushUi.notify.heading')}</h2>
        <div ref={notify} />
      </section>
      <section aria-labelledby="push-feed-h">
        <h2 id="push-feed-h">{t('pushUi.feed.heading')}</h2>
        <p className="muted">{t('pushUi.feed.about')}</p>
        <div ref={feed} />
      </section>
      <section aria-labelledby="push-mine-h">
        <h2 id="push-mine-h">{t('pushUi.mine.heading')}</h2>
        <div ref={mine} />
      </section>
    </div>
  );
}
