/**
 * Replaces the header's server-rendered search form with the QuickSearch island, on the
 * visitor's first interaction with it (src/components/layout/Header.astro loads this module
 * then). Everything happens in one task: what was typed, the focus and the caret are read from
 * the plain form and the island renders synchronously, so no keystroke can fall in between.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { toLocale, type Dict } from '../../../lib/i18n/index.ts';
import QuickSearch from './QuickSearch.tsx';

export function mountQuickSearch(container: HTMLElement): void {
  if (container.dataset.mounted) return;
  container.dataset.mounted = '1';
  const input = container.querySelector('input');
  const focused = !!input && document.activeElement === input;
  let dict: Dict = {};
  try {
    dict = JSON.parse(container.dataset.dict ?? '{}') as Dict;
  } catch {
    /* an empty dictionary shows the keys: still usable */
  }
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <QuickSearch
        locale={toLocale(container.dataset.locale) ?? 'en'}
        base={container.dataset.base ?? ''}
        dict={dict}
        initialQuery={input?.value ?? ''}
        focus={focused && input ? { start: input.selectionStart, end: input.selectionEnd } : null}
      />,
    ),
  );
}
