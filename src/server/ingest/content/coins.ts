/**
 * Related coins of an imported item, found in its title and text:
 * - `$SYM` (a cashtag) matches any symbol, whatever its length;
 * - a symbol of three or more characters matches as a whole word written in capitals
 *   ("ETH", not "eth" or "Ethan"), unless it is also an everyday word ("ONE", "GAS", "HOT"),
 *   which only a cashtag or the coin's name can match;
 * - a coin name matches case-insensitively as whole words ("Bitcoin", "bitcoin cash"),
 *   unless the name is an everyday word ("Storm", "Gas");
 * - common Chinese names (比特币, 以太坊 …) match the coin with that symbol.
 * Where several coins share a symbol or name, the best-ranked one wins.
 */

export interface MatchableCoin {
  id: string;
  symbol: string;
  name: string;
  rank: number | null;
}

/** Words too common in prose to mean a coin unless written as a cashtag. */
const COMMON_WORDS = new Set(
  (
    'the and for new one all can get not out now via pay fun key ant max cat god run act sun win gas art ark bat cap dog ' +
    'eye pro top far hot ice lend link data fair part gold cash coin power token just city time trust wings zen storm ' +
    'safe rise ink kin auto beam dock dent nano flux icon grin rep bit net web app usd eur gbp jpy cny rub krw hkd ' +
    'etf ceo cto sec fed gdp ipo ath api nft dao dex cex otc kyc aml faq new big low high open close buy sell long short ' +
    'near atom sand ape ray mask blur ' +
    'stellar status civic compound maker ripple harmony waves origin request metal quantum bread crown unity matrix ' +
    'pillar nexus fusion loom golem energy cosmos graph flow mint oasis polymath'
  ).split(' '),
);

/** Chinese names of well-known coins, by symbol. */
const CHINESE_NAMES: Record<string, string[]> = {
  BTC: ['比特币', '比特幣'],
  ETH: ['以太坊', '以太币', '以太幣'],
  XRP: ['瑞波币', '瑞波幣'],
  LTC: ['莱特币', '萊特幣'],
  DOGE: ['狗狗币', '狗狗幣'],
  BCH: ['比特币现金', '比特幣現金'],
  TRX: ['波场', '波場'],
  ADA: ['艾达币', '艾達幣'],
  DOT: ['波卡'],
  SOL: ['索拉纳', '索拉納'],
  USDT: ['泰达币', '泰達幣'],
  BNB: ['币安币', '幣安幣'],
  ETC: ['以太经典', '以太經典'],
  EOS: ['柚子币'],
  XLM: ['恒星币', '恆星幣'],
};

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Word boundary that also treats digits and letters of any script as word characters. */
const B_START = '(?<![\\p{L}\\p{N}_$])';
const B_END = '(?![\\p{L}\\p{N}_])';

interface CoinMatcher {
  /** Coin ids mentioned in the texts, best-ranked first, at most `limit`. */
  detect(texts: readonly string[], limit?: number): string[];
}

/**
 * Builds a matcher over the coins table.
 * @example coinMatcher(coins).detect(['Bitcoin and $SOL rally; ETH flat']) // ['bitcoin', 'ethereum', 'solana']
 */
export function coinMatcher(coins: readonly MatchableCoin[]): CoinMatcher {
  const byRank = [...coins].sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9) || a.id.localeCompare(b.id));
  const bySymbol = new Map<string, MatchableCoin>();
  const byName = new Map<string, MatchableCoin>();
  for (const c of byRank) {
    const sym = c.symbol.toUpperCase();
    if (!bySymbol.has(sym)) bySymbol.set(sym, c);
    const name = c.name.toLowerCase().trim();
    if (name && !byName.has(name)) byName.set(name, c);
  }
  const rankOf = new Map(byRank.map((c, i) => [c.id, i]));

  // Longest first, so "Bitcoin Cash" wins over "Bitcoin" at the same position.
  // One-word names of up to four letters ("Ren", "Safe", "Dash") are too often words: their
  // capitalised symbol or a cashtag finds them instead.
  const names = [...byName.keys()].filter((n) => n.length >= 3 && !COMMON_WORDS.has(n) && !/^[a-z]{1,4}$/.test(n));
  names.sort((a, b) => b.length - a.length);
  const nameRe = names.length ? new RegExp(`${B_START}(${names.map(escapeRe).join('|')})${B_END}`, 'giu') : null;
  const symbols = [...bySymbol.keys()].filter(
    (s) => s.length >= 3 && /^[A-Z0-9]+$/.test(s) && /[A-Z]/.test(s) && !COMMON_WORDS.has(s.toLowerCase()),
  );
  symbols.sort((a, b) => b.length - a.length);
  const symbolRe = symbols.length ? new RegExp(`${B_START}(${symbols.map(escapeRe).join('|')})${B_END}`, 'gu') : null;
  const cashtagRe = /\$([A-Za-z][A-Za-z0-9]{0,9})(?![\p{L}\p{N}_])/gu;
  const chinese = Object.entries(CHINESE_NAMES)
    .flatMap(([sym, list]) => list.map((n) => [n, sym] as const))
    .sort((a, b) => b[0].length - a[0].length);

  return {
    detect(texts, limit = 8) {
      const found = new Set<string>();
      for (const raw of texts) {
        if (!raw) continue;
        for (const m of raw.matchAll(cashtagRe)) {
          const c = bySymbol.get(m[1]!.toUpperCase());
          if (c) found.add(c.id);
        }
        if (symbolRe) for (const m of raw.matchAll(symbolRe)) found.add(bySymbol.get(m[1]!)!.id);
        if (nameRe) for (const m of raw.matchAll(nameRe)) found.add(byName.get(m[1]!.toLowerCase())!.id);
        let rest = raw;
        for (const [n, sym] of chinese) {
          if (!rest.includes(n)) continue;
          const c = bySymbol.get(sym);
          if (c) found.add(c.id);
          rest = rest.split(n).join(' '); // 比特币现金 must not also count as 比特币
        }
      }
      return [...found].sort((a, b) => (rankOf.get(a) ?? 0) - (rankOf.get(b) ?? 0)).slice(0, limit);
    },
  };
}
