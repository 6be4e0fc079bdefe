/**
 * The user centre's island: the tabs and the activation banner; each tab's panel is its own
 * module (Profile.tsx, ChangePassword.tsx, TwoFactor.tsx, Bindings.tsx and the other features' tabs).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import { apiCall } from '../../../../stores/api.ts';
import Bookmarks from './Bookmarks.tsx';
import Interests from './Interests.tsx';
import { openLogin, refreshProfile, startSession } from '../../../../stores/session.ts';
import NotificationsTab from '../../notifications/client/NotificationsTab.tsx';
import { FormNote, Tabs, tabId, useSession, useSubmit, type T } from './fields.tsx';
import WatchlistTab from '../../watchlist/client/WatchlistTab.tsx';

import { BindEmail, BindPhone } from './Bindings.tsx';
import ChangePassword from './ChangePassword.tsx';
import Profile from './Profile.tsx';
import TwoFactor from './TwoFactor.tsx';

interface Props {
  locale: Locale;
  base: string;
  dict: Dict;
}

/** Loaded when its tab is opened: the rest of the centre does without it. */
const Portfolio = lazy(() => import('../../portfolio/client/Portfolio.tsx'));
const AlertsTab = lazy(() => import('../../alerts/client/AlertsTab.tsx'));

const TABS = [
  'profile',
  'favourites',
  'portfolio',
  'alerts',
  'password',
  'security',
  'phone',
  'email',
  'interests',
  'bookmarks',
  'notifications',
] as const;
/** The id of the one panel the tabs show. */
const PANEL = 'user-centre-panel';
type Tab = (typeof TABS)[number];

/**
 * The user centre (SPEC §2): profile (avatar with preview, nickname, user name), password
 * change, phone and e-mail binding, and the activation banner while the e-mail is not
 * confirmed. The page around it is the same for everyone; all of this comes from the session.
 * Favourites and interests join as tabs when they work (the next issue).
 */
export default function UserCentre({ locale, base, dict }: Props) {
  const t = createTranslator(dict);
  const session = useSession();
  const [tab, setTab] = useState<Tab>('profile');

  useEffect(() => {
    // The tab follows the address: /user#bookmarks opens it, also from a link on this page.
    const fromHash = () => {
      const key = location.hash.slice(1) as Tab;
      if (TABS.includes(key)) setTab(key);
    };
    fromHash();
    addEventListener('hashchange', fromHash);
    // The account page shows the profile as it is now (activated since, changed elsewhere).
    void startSession().then(() => refreshProfile());
    return () => removeEventListener('hashchange', fromHash);
  }, []);

  useEffect(() => {
    // A visitor (or a session the server refused) gets the login dialog.
    if (!session.isLogin) openLogin();
  }, [session.isLogin]);

  if (!session.isLogin)
    return (
      <div className="acc-result" data-testid="centre-signed-out">
        <p>{t('account.centre.signedOut')}</p>
        <button type="button" className="btn primary" data-login>
          {t('account.header.login')}
        </button>
      </div>
    );
  const user = session.user;
  if (!user) return <p className="muted">{t('account.common.loading')}</p>;

  const choose = (k: Tab) => {
    setTab(k);
    history.replaceState(history.state, '', `#${k}`);
  };

  return (
    <div data-testid="user-centre">
      {user.email && !user.emailVerified && <ActivationBanner t={t} />}
      <Tabs
        label={t('account.centre.tabs')}
        tabs={TABS.map((key) => ({ key, label: t(`account.centre.tab${key[0]!.toUpperCase()}${key.slice(1)}`) }))}
        active={tab}
        onChange={choose}
        panel={PANEL}
      />
      <div role="tabpanel" id={PANEL} aria-labelledby={tabId(PANEL, tab)}>
        {tab === 'profile' && <Profile t={t} user={user} base={base} />}
        {tab === 'favourites' && <WatchlistTab dict={dict} base={base} />}
        {tab === 'portfolio' && (
          <Suspense fallback={<p className="muted">{t('account.common.loading')}</p>}>
            <Portfolio locale={locale} base={base} dict={dict} />
          </Suspense>
        )}
        {tab === 'alerts' && (
          <Suspense fallback={<p className="muted">{t('account.common.loading')}</p>}>
            <AlertsTab t={t} locale={locale} />
          </Suspense>
        )}
        {tab === 'password' && <ChangePassword t={t} />}
        {tab === 'security' && <TwoFactor t={t} locale={locale} />}
        {tab === 'phone' && <BindPhone t={t} locale={locale} user={user} />}
        {tab === 'email' && <BindEmail t={t} user={user} />}
        {tab === 'interests' && <Interests t={t} locale={locale} base={base} />}
        {tab === 'bookmarks' && <Bookmarks t={t} locale={locale} base={base} />}
        {tab === 'notifications' && <NotificationsTab t={t} base={base} locale={locale} />}
      </div>
    </div>
  );
}

function ActivationBanner({ t }: { t: T }) {
  const { busy, note, run } = useSubmit();
  return (
    <div className="acc-banner" role="status" data-testid="activation-banner">
      <span>{t('account.centre.activationBanner')}</span>
      <button
        type="button"
        className="btn secondary"
        disabled={busy}
        onClick={() =>
          void run(
            async () => ({
              kind: 'ok',
              text: (await apiCall('GET', '/new/v1/sendMailByActive')).msg || t('account.centre.activationSent'),
            }),
            t,
          )
        }
        data-testid="resend-activation"
      >
        {t('account.centre.resendActivation')}
      </button>
      {note && <FormNote note={note} testId="activation-note" />}
    </div>
  );
}
