/**
 * The header's controls (markup in src/components/layout/chrome.ts): settings live in cookies for
 * a year (SPEC §9) and pages render from them on the server; the quick search becomes its island
 * on first contact.
 */
export function startHeader(): void {
  const remember = (name: string, value: string) => {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${365 * 86400}; samesite=lax`;
  };

  // The language links work without JavaScript (explicit prefix); with it, the choice sticks.
  document.querySelectorAll<HTMLAnchorElement>('a[data-set-locale]').forEach((a) => {
    a.addEventListener('click', () => remember('locale', a.dataset.setLocale ?? 'en'));
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
  // is src/styles/chrome.css); Escape closes them and gives the focus back to the button.
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const header = toggle?.closest('header');
  if (toggle && header) {
    const show = (open: boolean) => {
      toggle.setAttribute('aria-expanded', String(open));
      header.classList.toggle('menu-open', open);
    };
    toggle.addEventListener('click', () => show(toggle.getAttribute('aria-expanded') !== 'true'));
    document.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || toggle.getAttribute('aria-expanded') !== 'true') return;
      show(false);
      toggle.focus();
    });
  }

  // The quick search island (React, fuse.js and the coin list) loads when the visitor reaches
  // for the search box, not with the page.
  const search = document.querySelector<HTMLElement>('[data-quick-search]');
  if (search) {
    const events = ['pointerenter', 'focusin', 'touchstart', 'keydown'] as const;
    const start = () => {
      events.forEach((type) => search.removeEventListener(type, start));
      void import('../search/mount.tsx').then(({ mountQuickSearch }) => mountQuickSearch(search));
    };
    events.forEach((type) => search.addEventListener(type, start, { passive: true }));
  }
}
