import i18next, { type TFunction } from 'i18next';
import en from '../../../locales/en.json';
import ko from '../../../locales/ko.json';
import zhHk from '../../../locales/zh-hk.json';
import zh from '../../../locales/zh.json';
import { LOCALES, type Dict, type Locale } from '../../lib/i18n/index.ts';

export type Translate = TFunction;

type Tree = { [key: string]: string | Tree };

/**
 * Each area of the site may keep its strings in `locales/<area>/<locale>.json` beside the core
 * `locales/<locale>.json`; they are merged under their own top-level keys (a key defined twice
 * is a mistake the locale test reports).
 */
const areaFiles: Record<string, Tree> = loadAreaFiles();

function loadAreaFiles(): Record<string, Tree> {
  // Vite (Astro, vitest) rewrites this call at build time; plain Node scripts run through tsx
  // have no import.meta.glob and need no page strings, so they get the core files only.
  try {
    return import.meta.glob<Tree>('../../../locales/*/*.json', { eager: true, import: 'default' });
  } catch {
    return {};
  }
}

/** Top-level keys defined by more than one file of a locale. */
export const duplicateKeys: string[] = [];

function withAreas(locale: string, core: Tree): Tree {
  const out: Tree = { ...core };
  for (const [file, tree] of Object.entries(areaFiles).sort(([a], [b]) => a.localeCompare(b))) {
    if (!file.endsWith(`/${locale}.json`)) continue;
    for (const [key, value] of Object.entries(tree)) {
      if (key in out) duplicateKeys.push(`${locale}:${key} (${file})`);
      out[key] = value;
    }
  }
  return out;
}

export const resources = {
  en: withAreas('en', en),
  zh: withAreas('zh', zh),
  'zh-hk': withAreas('zh-hk', zhHk),
  ko: withAreas('ko', ko),
} as const;

// One shared instance, never switched: each request takes its own fixed translator, so
// concurrent requests in different languages cannot mix (the bug that sank astro-i18next).
const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: resources[l] }])),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  // Without this "zh-hk" becomes "zh-HK" and silently falls back to "zh".
  lowerCaseLng: true,
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A translator bound to one locale, safe to use across concurrent requests. */
export function translator(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}

/** A flat dictionary of the given key prefixes, for islands (they get no i18next). */
export function islandDict(locale: Locale, ...prefixes: string[]): Dict {
  const out: Dict = {};
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') out[path] = node;
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
  };
  for (const prefix of prefixes) {
    const t = translator(locale);
    const node = t(prefix, { returnObjects: true }) as unknown;
    walk(node, prefix);
  }
  return out;
}
