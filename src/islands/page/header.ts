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

  // Every amount on the page is converted on the server: a new currency reloads the page.
  document.querySelector<HTMLSelectElement>('[data-currency-switcher]')?.addEventListener('change', (e) => {
    remember('currency', (e.target as HTMLSelectElement).value);
    location.reload();
  });

  document.querySelector<HTMLButtonElement>('[data-theme-toggle]')?.addEventListener('click', (e) => {
    const button = e.currentTarget as HTMLButtonElement;
    const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    remember('theme', next);
    button.title = (next === 'dark' ? button.dataset.titleLight : button.dataset.titleDark) ?? '';
  });

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
