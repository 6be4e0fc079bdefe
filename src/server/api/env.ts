import type { Locale } from '../../lib/i18n/index.ts';
import type { AuthUser } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import type { Translate } from '../i18n/index.ts';

/** Per-request values every handler can read with `c.get(...)`. */
export type ApiEnv = {
  Bindings: {
    /** The peer's address as the server saw it (Astro's clientAddress). */
    clientAddress?: string | undefined;
  };
  Variables: {
    locale: Locale;
    t: Translate;
    db: Db;
    /** Set by requireAuth / optionalAuth. */
    user?: AuthUser;
    token?: string;
    /** How the token came: an Authorization header (API clients) or the browser's session cookie. */
    via?: 'header' | 'cookie';
  };
};
