/**
 * Mounts the login dialog island once per page, on demand (src/islands/page/account.ts loads
 * this module when someone asks to log in): reading pages load no React until then.
 */
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { toLocale, type Dict } from '../../../../lib/i18n/index.ts';
import { startSession } from '../../../../stores/session.ts';
import LoginDialog from './LoginDialog.tsx';
import './account.css';

let mounted = false;

export function mountLogin(dict: Dict, locale: string | undefined, base: string): void {
  if (mounted) return;
  mounted = true;
  void startSession();
  const host = document.createElement('div');
  host.id = 'login-root';
  document.body.append(host);
  flushSync(() => createRoot(host).render(<LoginDialog locale={toLocale(locale) ?? 'en'} base={base} dict={dict} />));
}
