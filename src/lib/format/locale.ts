/** The four site locales; mirrors `src/lib/i18n` so this library stays import-free. */
export const LOCALES = ['en', 'zh', 'zh-hk', 'ko'] as const;

/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];
