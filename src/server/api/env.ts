import type { Locale } from '../../lib/i18n/index.ts';
import type { Db } from '../db/index.ts';
import type { Translate } from '../i18n/index.ts';

/** Per-request values every handler can read with `c.get(...)`. */
export type ApiEnv = {
  Variables: {
    locale: Locale;
    t: Translate;
    db: Db;
  };
};
