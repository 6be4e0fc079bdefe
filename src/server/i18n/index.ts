import en from '../../../locales/en.json';
import { escapeHtml, raw, type SafeHtml } from '../../lib/html.ts';
import ko from '../../../locales/ko.json';
import zhHk from '../../../locales/zh-hk.json';
import zh from '../../../locales/zh.json';
import {
  DICT_LOCALE_KEY,
  formatCount,
  LOCALES,
  pluralCategories,
  pluralCategory,
  type Dict,
  type Locale,
} from '../../lib/i18n/index.ts';

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

/**
 * The options a translation call may pass: placeholder values, the text for a missing key, and
 * `count`, which picks the plural form (a number; it shows grouped, "1,234").
 */
type TranslateOptions = { defaultValue?: string; count?: number; [name: string]: unknown };

/**
 * A translator bound to one locale. Keys are dotted paths into the locale files; `{{name}}`
 * placeholders take the option of that name (a placeholder the options do not name stays as
 * written, so a mistake shows; one named with null or undefined is empty); a key missing in the locale falls back to English, then to
 * `defaultValue`, then to the key itself. A call with `count` takes the key's plural form for
 * that count in the locale (`key_one`, `key_other`: i18next's names, CLDR's categories).
 */
export type Translate = (key: string, options?: TranslateOptions) => string;

type Compiled = string | { parts: string[]; names: string[]; raw: string[] };

function flatten(node: unknown, prefix: string, out: Map<string, string>): void {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Splits a template at its placeholders once, so a call only joins strings. */
function compile(text: string): Compiled {
  if (!text.includes('{{')) return text;
  const parts: string[] = [];
  const names: string[] = [];
  const raw: string[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, m.index));
    names.push(m[1]!);
    raw.push(m[0]);
    last = m.index! + m[0].length;
  }
  parts.push(text.slice(last));
  return names.length ? { parts, names, raw } : text;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * Every key of a locale (English filling any gap), compiled; English plural forms the locale
 * does not use (`_one` in Chinese and Korean, where every count takes `_other`) are left out.
 */
function table(locale: Locale): Map<string, Compiled> {
  const flat = new Map<string, string>();
  flatten(resources.en, '', flat);
  if (locale !== 'en') {
    const used = new Set<string>(pluralCategories(locale));
    for (const key of flat.keys()) {
      const form = PLURAL_SUFFIX.exec(key)?.[1];
      if (form && !used.has(form)) flat.delete(key);
    }
    flatten(resources[locale], '', flat);
  }
  return new Map([...flat].map(([k, v]) => [k, compile(v)]));
}

// Built once per locale at start: one stateless function per locale, so concurrent requests in
// different languages cannot mix (the bug that sank astro-i18next). The locale files follow
// i18next's conventions (dotted keys, {{name}}, plural forms as key_one/key_other by CLDR
// category) and src/server/i18n/locales.test.ts checks every key and plural form against
// i18next's own getFixedT; i18next itself is not called here: its t() took 10 µs per call and
// 19 µs with options (v26.7.2, Node 20), 18–35% of the CPU of a render, and 6% of /news for its
// plural calls alone, where this table answers a page's calls in 5–23 µs (docs/decisions.md).
const tables = new Map(LOCALES.map((l) => [l, table(l)]));
const translators = new Map<Locale, Translate>(
  LOCALES.map((l) => {
    const entries = tables.get(l)!;
    const t: Translate = (key, options) => {
      const count = options?.count;
      let found =
        typeof count === 'number'
          ? (entries.get(`${key}_${pluralCategory(l, count)}`) ?? entries.get(`${key}_other`))
          : undefined;
      found ??= entries.get(key);
      if (found === undefined) return options?.defaultValue ?? key;
      if (typeof found === 'string') return found;
      // i18next's rules: a placeholder the options do not name stays as written; one they name
      // without a value (undefined, null) is empty. A numeric count shows grouped (1,234).
      let out = found.parts[0]!;
      for (let i = 0; i < found.names.length; i++) {
        const name = found.names[i]!;
        const value = name === 'count' && typeof count === 'number' ? formatCount(count) : options?.[name];
        out +=
          (value !== undefined && value !== null ? String(value) : options && name in options ? '' : found.raw[i]!) +
          found.parts[i + 1]!;
      }
      return out;
    };
    return [l, t];
  }),
);

/** The translator of a locale, safe to share across concurrent requests. */
export function translator(locale: Locale): Translate {
  return translators.get(locale) ?? translators.get('en')!;
}

const dicts = new Map<string, Dict>();

/**
 * A flat dictionary of the given key prefixes, for islands (they get no translator library), with
 * the plural forms of its keys and its locale (`@locale`) for `createTranslator`'s plurals.
 * Built once per locale and prefix list.
 */
export function islandDict(locale: Locale, ...prefixes: string[]): Dict {
  const cacheKey = `${locale}\n${prefixes.join('\n')}`;
  let dict = dicts.get(cacheKey);
  if (!dict) {
    dict = { [DICT_LOCALE_KEY]: locale };
    const t = translator(locale);
    for (const key of tables.get(locale)?.keys() ?? []) {
      if (prefixes.some((p) => key === p || key.startsWith(`${p}.`))) dict[key] = t(key);
    }
    dicts.set(cacheKey, dict);
  }
  return dict;
}

const dictAttrs = new Map<string, SafeHtml>();

/**
 * {@link islandDict} as the escaped value of a `data-dict` attribute, the way islands read it, made
 * once per locale and prefix list: several KB of JSON that pages used to serialise and escape on
 * every render.
 */
export function islandDictAttr(locale: Locale, ...prefixes: string[]): SafeHtml {
  const cacheKey = `${locale}\n${prefixes.join('\n')}`;
  let attr = dictAttrs.get(cacheKey);
  if (!attr) {
    attr = raw(escapeHtml(JSON.stringify(islandDict(locale, ...prefixes))));
    dictAttrs.set(cacheKey, attr);
  }
  return attr;
}
