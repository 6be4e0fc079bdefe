/** A piece of text, marked when it matched the search query. */
interface HighlightPart {
  text: string;
  match: boolean;
}

/**
 * Splits `text` into matched and unmatched parts for a search query, case-insensitive. Every
 * word of the query (split on spaces and "/") is marked wherever it occurs; overlapping
 * matches merge.
 * @example highlight('Bitcoin', 'bit') // [{ text: 'Bit', match: true }, { text: 'coin', match: false }]
 */
export function highlight(text: string, query: string): HighlightPart[] {
  const terms = query
    .toLowerCase()
    .split(/[\s/]+/)
    .filter(Boolean);
  if (!text) return [];
  if (!terms.length) return [{ text, match: false }];
  const lower = text.toLowerCase();
  // Some characters change length when lower-cased; positions would no longer line up.
  if (lower.length !== text.length) return [{ text, match: false }];
  const marked = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + 1)) {
      for (let i = at; i < at + term.length; i++) marked[i] = true;
    }
  }
  const parts: HighlightPart[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = parts[parts.length - 1];
    if (last && last.match === marked[i]) last.text += text[i];
    else parts.push({ text: text[i]!, match: marked[i]! });
  }
  return parts;
}
