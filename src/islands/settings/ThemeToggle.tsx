import Cookies from 'js-cookie';
import { useState } from 'react';
import { createTranslator, type Dict } from '../../lib/i18n/index.ts';

interface Props {
  initial: 'light' | 'dark';
  dict: Dict;
}

/** Light/dark switch; the choice lives in the `theme` cookie for a year (SPEC §9). */
export default function ThemeToggle({ initial, dict }: Props) {
  const t = createTranslator(dict);
  const [theme, setTheme] = useState(initial);
  const next = theme === 'light' ? 'dark' : 'light';
  return (
    <button
      type="button"
      aria-label={t('nav.toggleTheme')}
      title={t(next === 'dark' ? 'nav.themeDark' : 'nav.themeLight')}
      data-testid="theme-toggle"
      onClick={() => {
        Cookies.set('theme', next, { expires: 365, path: '/', sameSite: 'lax' });
        document.documentElement.dataset.theme = next;
        setTheme(next);
      }}
      style={{ padding: '4px 10px', borderRadius: 6, border: '1px solid var(--border)', background: 'var(--bg)', color: 'var(--fg)', cursor: 'pointer' }}
    >
      {theme === 'light' ? '☾' : '☀'}
    </button>
  );
}
