/**
 * The header's account area without a framework. The server sends everyone the same "Log in /
 * Register" (pages stay cacheable); this script draws the avatar, name and menu of a signed-in
 * reader from the session's `csrf` cookie and the profile stored by the session store, and loads code only
 * when needed: the session store when the stored profile is missing or old (or at logout), the
 * login dialog island when someone asks for it (ClientScripts.astro loads this module then and
 * calls openLoginDialog), and the rest of a list that visitors see only part of (announcements),
 * or an announcement past what they may read, once the reader is signed in.
 */
import { avatarUrl, displayName, parseUserInfo, profileIsStale, SESSION_KEYS } from '../../lib/account.ts';
import { RISE_FALL_COOKIE, RISE_FALL_COOKIE_MAX_AGE_S } from '../../lib/riseFall.ts';
import { createTranslator, type Dict } from '../../lib/i18n/index.ts';
import { setCookie, signedIn } from '../../lib/cookies.ts';

function storedProfile() {
  try {
    return parseUserInfo(localStorage.getItem(SESSION_KEYS.userInfo));
  } catch {
    return null;
  }
}

let started = false;
let showLogin: () => void = () => {};

/** Opens the login dialog (loading its island the first time). */
export function openLoginDialog(): void {
  showLogin();
}

export function startAccount(): void {
  if (started) return;
  started = true;
  // Signed in, the header's colour menu saves the choice to the profile too, before the reload
  // (header.ts reloads at once, so this captures the change ahead of it). Other browsers get it at
  // their next sign-in. A failed save still keeps the cookie: this browser shows the choice.
  document.addEventListener(
    'change',
    (e) => {
      const menu = e.target as HTMLSelectElement;
      if (menu.dataset?.setting !== RISE_FALL_COOKIE || !signedIn()) return;
      e.stopImmediatePropagation();
      setCookie(RISE_FALL_COOKIE, menu.value, RISE_FALL_COOKIE_MAX_AGE_S);
      void import('./saveColours.ts')
        .then((m) => m.saveColours(menu.value))
        .catch((err: unknown) => console.error('[colours]', err))
        .finally(() => location.reload());
    },
    true,
  );
  const area = document.querySelector<HTMLElement>('[data-account]');
  let dict: Dict = {};
  try {
    dict = JSON.parse(area?.dataset.dict ?? '{}') as Dict;
  } catch {
    /* keys show instead of words: still usable */
  }
  const t = createTranslator(dict);
  const base = area?.dataset.base ?? '';
  const signedOut = area ? [...area.childNodes].map((n) => n.cloneNode(true)) : [];

  // What the area shows: the server's "Log in / Register" at first. Drawn again only when that
  // changes, so that the "Log in" link a visitor just used (and the dialog gives focus back to
  // when it closes) stays in the page.
  let shows: 'visitor' | 'reader' = 'visitor';
  const draw = () => {
    if (!area) return;
    const session = signedIn();
    const info = session ? storedProfile() : null;
    if (!session) {
      if (shows === 'visitor') return;
      shows = 'visitor';
      area.replaceChildren(...signedOut.map((n) => n.cloneNode(true)));
      return;
    }
    shows = 'reader';
    const user = info?.user;
    const name = user ? displayName(user) : t('account.header.userCentre');
    const menu = document.createElement('details');
    menu.className = 'account-menu';
    menu.dataset.testid = 'account-menu';
    const summary = document.createElement('summary');
    summary.setAttribute('aria-label', t('account.header.menu', { name }));
    const img = document.createElement('img');
    img.src = avatarUrl(user);
    img.alt = '';
    img.width = 22;
    img.height = 22;
    const label = document.createElement('span');
    label.className = 'name';
    label.textContent = name;
    label.dataset.testid = 'account-name';
    summary.append(img, label);
    const list = document.createElement('ul');
    const item = (child: HTMLElement) => {
      const li = document.createElement('li');
      li.append(child);
      list.append(li);
    };
    const link = (href: string, text: string) => {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = text;
      return a;
    };
    item(link(`${base}/user`, t('account.header.userCentre')));
    if (user) item(link(`${base}/user/${encodeURIComponent(user.userName)}`, t('account.header.profile')));
    const out = document.createElement('button');
    out.type = 'button';
    out.textContent = t('account.header.logout');
    out.dataset.testid = 'logout';
    out.addEventListener('click', () => {
      menu.open = false;
      void import('../../stores/session.ts').then((s) => s.logout());
    });
    item(out);
    menu.append(summary, list);
    area.replaceChildren(menu);
  };

  draw();
  window.addEventListener('coinlens:session', draw);
  // Another tab signed in or out.
  window.addEventListener('storage', (e) => {
    if (e.key === SESSION_KEYS.userInfo || e.key === null) draw();
  });

  // A stored profile that is missing or a day old is fetched again (and a refused token is
  // forgotten) by the session store: only signed-in readers load it.
  if (signedIn() && profileIsStale(storedProfile(), Date.now())) {
    void import('../../stores/session.ts').then((s) => s.startSession());
  }

  // What visitors see only part of (announcement lists past the newest 30, an announcement past
  // them) is shown whole once signed in, now or at a later sign-in.
  const whenSignedIn = (selector: string, flag: string, show: (el: HTMLElement) => Promise<unknown>, label: string) => {
    const target = document.querySelector<HTMLElement>(selector);
    if (!target) return;
    let busy = false;
    const run = () => {
      if (busy || target.dataset[flag] || !signedIn()) return;
      busy = true;
      show(target)
        .catch((e: unknown) => console.error(label, e))
        .finally(() => (busy = false));
    };
    run();
    window.addEventListener('coinlens:session', run);
  };
  whenSignedIn(
    '[data-announcements-more]',
    'whole',
    (el) => import('../../features/content/announcements/client/signedIn.ts').then((m) => m.showWholeList(el)),
    '[announcements]',
  );
  whenSignedIn(
    '[data-announcement-locked]',
    'shown',
    (el) => import('../../features/content/announcements/client/detail.ts').then((m) => m.showAnnouncement(el)),
    '[announcement]',
  );

  let dialog: Promise<void> | null = null;
  showLogin = () => {
    dialog ??= import('../../features/reader/account/client/mountLogin.tsx').then(({ mountLogin }) =>
      mountLogin(dict, area?.dataset.locale, base),
    );
    void dialog.then(() => import('../../stores/session.ts')).then((s) => s.openLogin());
  };
}
