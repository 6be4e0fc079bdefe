/**
 * Shortens text longer than `max` Unicode code points to its first `max − 1` code points plus
 * '…'; shorter text is returned unchanged (max ≤ 0 gives '').
 * @example truncate('Bitcoin halving', 8) // 'Bitcoin…'; truncate('比特币🚀减半', 4) // '比特币…'
 */
export function truncate(text: string, max: number): string {
  const limit = Math.floor(max);
  if (!(limit > 0)) return '';
  const points = Array.from(text);
  if (points.length <= limit) return text;
  return `${points.slice(0, limit - 1).join('')}…`;
}
