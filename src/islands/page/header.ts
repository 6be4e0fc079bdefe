import { chooseSize, SIZES_COOKIE, SIZES_COOKIE_MAX_AGE_DAYS } from '../../lib/pageSizes.ts';
import { getCookie, setCookie } from '../../lib/cookies.ts';

/**
 * The header's controls (markup in src/components/layout/chrome.ts): settings live in cookies
 * (SPEC §9: the language 90 days, the others a year) and pages render from them on the server;
 * the quick search becomes its island on first contact.
 */
export function startHeader(): void {
  const remember = (name: string, value: string, days = 365) => setCookie(name, value, days * 86400);

  // The language links work without JavaScript (explicit prefix, the page's path and query);
  // with it, the choice sticks, and a query the page changed since (the kline's interval) goes too.
  document.querySelectorAll<HTMLAnchorElement>('a[data-set-locale]').forEach((a) => {
    a.addEventListener('click', () => {
      remember('locale', a.dataset.setLocale ?? 'en', 90);
      if (location.search.length <= 512) a.search = location.search;
    });
  });

  // Currency and rise/fall colours: pages are rendered from them on the server (every amount is
  // converted there, the colours are on <html>), so a new choice reloads the page. The colour
  // menu's "by language" is an empty value, which the server reads as no choice. A signed-in
  // reader's colours also go to their profile: src/islands/page/account.ts (loaded only for them,
  // so visitors' pages carry none of it) takes that change first.
  document.querySelectorAll<HTMLSelectElement>('[data-setting]').forEach((menu) =>
    menu.addEventListener('change', () => {
      remember(menu.dataset.setting!, menu.value);
      location.reload();
    }),
  );

  document.querySelector<HTMLButtonElement>('[data-theme-toggle]')?.addEventListener('click', (e) => {
    const button = e.currentTarget as HTMLButtonElement;
    const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    remember('theme', next);
    button.title = (next === 'dark' ? button.dataset.titleLight : button.dataset.titleDark) ?? '';
  });

  // Phones: the menu button opens the menus and settings under the header's one row (the layout
  // is src/styles/chrome.css).
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const show = (open: boolean) => {
    toggle?.setAttribute('aria-expanded', String(open));
    toggle?.closest('header')?.classList.toggle('menu-open', open);
  };
  toggle?.addEventListener('click', () => show(toggle.getAttribute('aria-expanded') !== 'true'));
  // Escape closes an open menu of the header ("More", the languages, the account) and gives the
  // focus back to its summary; with none open, it closes the phone menu, focus back to its button.
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    const open = document.querySelector<HTMLDetailsElement>('.site-header details[open]');
    if (open) {
      open.open = false;
      open.querySelector('summary')?.focus();
    } else if (toggle?.getAttribute('aria-expanded') === 'true') {
      show(false);
      toggle.focus();
    }
  });

  // A page size chosen under a list is remembered for that list (src/lib/pageSizes.ts): the
  // server shows it when the list's address names no size.
  document.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.<HTMLElement>('[data-list] [data-size]');
    const list = a?.parentElement?.dataset.list;
    if (!a || !list) return;
    remember(
      SIZES_COOKIE,
      chooseSize(getCookie(SIZES_COOKIE), list, Number(a.dataset.size)),
      SIZES_COOKIE_MAX_AGE_DAYS,
    );
  });

  // The quick search island (React, fuse.js and the coin list) loads when the visitor reaches
  // for the search box, not with the page.
  const search = document.querySelector<HTMLElement>('[data-quick-search]');
  if (search) {
    const events = ['pointerenter', 'focusin', 'touchstart', 'keydown'] as const;
    const start = () => {
      events.forEach((type) => search.removeEventListener(type, start));
      void import('../../features/search/client/mount.tsx').then(({ mountQuickSearch }) => mountQuickSearch(search));
    };
    events.forEach((type) => search.addEventListener(type, start, { passive: true }));
  }
}
