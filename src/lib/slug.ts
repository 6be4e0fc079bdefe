/**
 * A URL slug of a name: accents dropped, lower case, runs of anything else one hyphen.
 * '' when nothing readable is left (a name in another script).
 * @example slugify('Layer 1 (L1)') // 'layer-1-l1'; slugify('Café Token') // 'cafe-token'
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
