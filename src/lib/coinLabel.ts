/**
 * A coin's name as the page's language knows it, shared by the tables' markup (server and
 * islands) and the tables' exports: the local name, with the English one beside it when they
 * differ (readers meet both on exchanges).
 */

/** A row naming a coin: its English `name`, and `localName` when an API answer localised it. */
export type NamedCoin = { id: string; name: string; localName?: string | null; symbol?: string };

/** What naming needs of a view: the coin's name in its locale (server views; islands have none). */
interface NamingView {
  coinName?: ((c: { id: string; name: string }) => string) | undefined;
}

/** The coin's name in the view's language. */
export const nameIn = (v: NamingView, c: NamedCoin): string => c.localName ?? v.coinName?.(c) ?? c.name;

/**
 * The local name and the English one beside it, or null where it would only repeat.
 * @example coinLabelParts({}, { id: 'xrp', name: 'XRP', localName: '瑞波币', symbol: 'XRP' }) // { local: '瑞波币', english: null }
 */
export function coinLabelParts(v: NamingView, c: NamedCoin): { local: string; english: string | null } {
  const local = nameIn(v, c);
  if (local === c.name) return { local, english: null };
  // 瑞波币 XRP: an English name that is only the symbol would print the symbol twice.
  if (c.symbol && c.name.toLowerCase() === c.symbol.toLowerCase()) return { local, english: null };
  return { local, english: c.name };
}

/** The label as plain text ("艾达币 Cardano"), for a table's exports. */
export function coinLabelText(v: NamingView, c: NamedCoin): string {
  const { local, english } = coinLabelParts(v, c);
  return english === null ? local : `${local} ${english}`;
}
