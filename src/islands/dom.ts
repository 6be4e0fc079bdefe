/** A small element builder for the islands that draw rows without React (plain-DOM islands). */

export type Child = Node | string | null | undefined | false;

/**
 * An element with its properties, data-* values, attributes and children (falsy children skipped).
 * @example el('a', { href: '/news', data: { testid: 'more' } }, 'More')
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { data?: Record<string, string>; attrs?: Record<string, string> } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const { data, attrs, ...rest } = props;
  const node = Object.assign(document.createElement(tag), rest);
  for (const [k, v] of Object.entries(data ?? {})) node.dataset[k] = v;
  for (const [k, v] of Object.entries(attrs ?? {})) node.setAttribute(k, v);
  for (const c of children) if (c) node.append(c);
  return node;
}
