/** Futures contract types that may follow a symbol after a dash (`BTC-PERPETUAL/USDT`). */
export const CONTRACT_TYPES = [
  'PERPETUAL',
  'UPSWEEKLY',
  'DOWNSWEEKLY',
  'WEEKLY',
  'BIWEEKLY',
  'MONTHLY',
  'QUARTERLY',
  'BIQUARTERLY',
] as const;

/** One of {@link CONTRACT_TYPES}. */
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** The parts of a trading pair. */
export interface ParsedPair {
  /** The symbol: the text before '/', without the contract part when there is one. */
  base: string;
  /** The contract type after the symbol's last dash, when it is one of {@link CONTRACT_TYPES}. */
  contractType: ContractType | null;
  /** The text after '/' ('' when there is none). */
  quote: string;
  /** When there is no contract type: the text after the first dash of the symbol, else null. */
  suffix: string | null;
}

/**
 * Whether a string is exactly one of the contract types (case-sensitive).
 * @example isContractType('PERPETUAL') // true; isContractType('perpetual') // false
 */
export function isContractType(s: string): s is ContractType {
  return (CONTRACT_TYPES as readonly string[]).includes(s);
}

/**
 * Splits `SYMBOL/QUOTE` or `SYMBOL-PART/QUOTE`; PART becomes `contractType` only when it is a
 * contract type, otherwise the whole symbol stays `base` and the dash part is `suffix`.
 * @example parsePair('BTC-PERPETUAL/USDT') // { base: 'BTC', contractType: 'PERPETUAL', quote: 'USDT', suffix: null }
 */
export function parsePair(pair: string): ParsedPair {
  const slash = pair.indexOf('/');
  const left = slash < 0 ? pair : pair.slice(0, slash);
  const quote = slash < 0 ? '' : pair.slice(slash + 1);
  const lastDash = left.lastIndexOf('-');
  const part = lastDash < 0 ? '' : left.slice(lastDash + 1);
  if (lastDash > 0 && isContractType(part)) {
    return { base: left.slice(0, lastDash), contractType: part, quote, suffix: null };
  }
  const firstDash = left.indexOf('-');
  return { base: left, contractType: null, quote, suffix: firstDash < 0 ? null : left.slice(firstDash + 1) };
}

/**
 * A pair for display: `BASE Contract/QUOTE` when it names a contract type (the name comes from
 * `contractName`), otherwise the pair unchanged.
 * @example formatPair('BTC-PERPETUAL/USDT', () => 'Perpetual') // 'BTC Perpetual/USDT'
 */
export function formatPair(pair: string, contractName: (t: ContractType) => string): string {
  const { base, contractType, quote } = parsePair(pair);
  if (contractType === null) return pair;
  const slash = pair.includes('/') ? `/${quote}` : '';
  return `${base} ${contractName(contractType)}${slash}`;
}
