/**
 * A small strict XML parser for tests: it throws on anything that is not well-formed
 * (unclosed or mismatched tags, unquoted or duplicate attributes, a bare `&` or `<`, unknown
 * entities, characters XML 1.0 forbids, more than one root) and returns the element tree.
 * Enough to parse our feeds and sitemaps back; not a general-purpose parser (no DTDs).
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own decoded text (character data directly inside it). */
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function decode(raw: string, at: number): string {
  if (raw.includes('<')) throw new SyntaxError(`bare "<" near offset ${at}`);
  if (FORBIDDEN.test(raw)) throw new SyntaxError(`forbidden character near offset ${at}`);
  return raw.replace(/&([^;]*);|&/g, (_m, name: string | undefined) => {
    if (name === undefined) throw new SyntaxError(`bare "&" near offset ${at}`);
    if (name in ENTITIES) return ENTITIES[name]!;
    const num = /^#(?:x([0-9a-fA-F]+)|(\d+))$/.exec(name);
    if (!num) throw new SyntaxError(`unknown entity &${name}; near offset ${at}`);
    return String.fromCodePoint(num[1] ? parseInt(num[1], 16) : Number(num[2]));
  });
}

export function parseXml(source: string): XmlElement {
  let i = 0;
  const rest = () => source.slice(i);
  const skipSpace = () => {
    while (i < source.length && /\s/.test(source[i]!)) i++;
  };
  if (source.startsWith('<?xml')) {
    const end = source.indexOf('?>');
    if (end < 0) throw new SyntaxError('unterminated XML declaration');
    i = end + 2;
  }
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (source.startsWith('<!--', i)) {
        const end = source.indexOf('-->', i);
        if (end < 0) throw new SyntaxError('unterminated comment');
        i = end + 3;
      } else return;
    }
  };
  skipMisc();

  function element(): XmlElement {
    if (source[i] !== '<') throw new SyntaxError(`expected "<" at offset ${i}`);
    i++;
    const name = NAME.exec(rest())?.[0];
    if (!name) throw new SyntaxError(`bad element name at offset ${i}`);
    i += name.length;
    const el: XmlElement = { name, attrs: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      skipSpace();
      if (source.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (source[i] === '>') {
        i++;
        break;
      }
      if (i === before) throw new SyntaxError(`expected whitespace before attribute at offset ${i}`);
      const attr = NAME.exec(rest())?.[0];
      if (!attr) throw new SyntaxError(`bad attribute at offset ${i}`);
      i += attr.length;
      skipSpace();
      if (source[i] !== '=') throw new SyntaxError(`attribute ${attr} without value at offset ${i}`);
      i++;
      skipSpace();
      const quote = source[i];
      if (quote !== '"' && quote !== "'") throw new SyntaxError(`unquoted attribute ${attr} at offset ${i}`);
      const end = source.indexOf(quote, i + 1);
      if (end < 0) throw new SyntaxError(`unterminated attribute ${attr}`);
      if (attr in el.attrs) throw new SyntaxError(`duplicate attribute ${attr}`);
      el.attrs[attr] = decode(source.slice(i + 1, end), i);
      i = end + 1;
    }
    for (;;) {
      const lt = source.indexOf('<', i);
      if (lt < 0) throw new SyntaxError(`element <${name}> is never closed`);
      el.text += decode(source.slice(i, lt), i);
      i = lt;
      if (source.startsWith('</', i)) {
        i += 2;
        const close = NAME.exec(rest())?.[0];
        if (close !== name) throw new SyntaxError(`</${close}> closes <${name}> at offset ${i}`);
        i += close.length;
        skipSpace();
        if (source[i] !== '>') throw new SyntaxError(`bad closing tag at offset ${i}`);
        i++;
        return el;
      }
      if (source.startsWith('<![CDATA[', i)) {
        const end = source.indexOf(']]>', i);
        if (end < 0) throw new SyntaxError('unterminated CDATA');
        el.text += source.slice(i + 9, end);
        i = end + 3;
      } else if (source.startsWith('<!--', i)) {
        const end = source.indexOf('-->', i);
        if (end < 0) throw new SyntaxError('unterminated comment');
        i = end + 3;
      } else el.children.push(element());
    }
  }

  const root = element();
  skipMisc();
  if (i !== source.length) throw new SyntaxError(`content after the root element at offset ${i}`);
  return root;
}

/** Direct children named `name`. */
export const childrenOf = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);
/** The text of the first direct child named `name`, or undefined. */
export const textOf = (el: XmlElement, name: string) => el.children.find((c) => c.name === name)?.text;
