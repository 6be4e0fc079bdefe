/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('./lib/i18n/index.ts').Locale;
    /** The translator for this request's locale. */
    t: import('./server/i18n/index.ts').Translate;
    /** "" or the explicit locale prefix ("/zh") the page was requested under. */
    base: string;
    /** The path without the locale prefix, e.g. "/coin/list_1". */
    path: string;
    /** The query of the page's URL ("?q=btc" or ""), which the language links keep. */
    search?: string;
    theme: 'light' | 'dark';
    currency: import('./server/rates/rates.ts').RateSymbol;
    /** The rise/fall colours the reader chose (cookie); undefined: the language decides. */
    colours?: import('./lib/riseFall.ts').RiseFallScheme | undefined;
    /** The list the page shows (src/lib/pageSizes.ts), whose pager remembers the size chosen. */
    list?: import('./lib/pageSizes.ts').ListName | undefined;
    /** The size the reader chose for that list (cookie), when the URL names none. */
    pageSize?: number | undefined;
  }
}
