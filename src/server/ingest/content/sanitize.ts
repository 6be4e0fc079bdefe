/**
 * HTML from feeds and Markdown, reduced to a safe subset before it is stored.
 *
 * Kept: p, br, a (http/https href only), strong/b, em/i, ul, ol, li, blockquote, code, pre,
 * h2–h4 (h1 becomes h2, h5/h6 become h4). Dropped with their content: script, style, iframe,
 * object, embed, noscript, template, svg, math, form controls, head/title. Every other element
 * is unwrapped (its text stays). No attribute survives except `href` on links, which must be
 * an absolute http(s) URL (relative ones are resolved against the item's link) and get
 * `rel="nofollow noopener noreferrer"`. Comments, doctypes and processing instructions go.
 */

const KEPT = new Set(['p', 'br', 'a', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h2', 'h3', 'h4']);
const RENAMED: Record<string, string> = { b: 'strong', i: 'em', h1: 'h2', h5: 'h4', h6: 'h4' };
const VOID = new Set([
  'br',
  'img',
  'hr',
  'input',
  'meta',
  'link',
  'source',
  'wbr',
  'area',
  'base',
  'col',
  'embed',
  'param',
  'track',
]);
/** Elements whose whole content is dropped. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
  'button',
  'form',
  'frameset',
  'frame',
  'applet',
  'canvas',
  'audio',
  'video',
]);
/** Unwrapped elements that still separate words (a line break in text output). */
const BLOCKS = new Set([
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'nav',
  'main',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'dl',
  'dt',
  'dd',
  'hr',
  'h5',
  'h6',
  'address',
  'details',
  'summary',
  'center',
]);
const TEXT_BLOCKS = new Set([...BLOCKS, 'p', 'br', 'li', 'ul', 'ol', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4']);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  yen: '¥',
  pound: '£',
  cent: '¢',
  middot: '·',
  bull: '•',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  para: '¶',
  sect: '§',
  zwj: '\u200d',
  zwnj: '\u200c',
  shy: '\u00ad',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
};

const LEGACY = new Set(['amp', 'lt', 'gt', 'quot', 'nbsp']);

/**
 * Decodes character references (named ones of everyday text, and all numeric ones).
 * @example decodeEntities('Fish &amp; chips &#8364;5') // 'Fish & chips €5'
 */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    const key = ref.toLowerCase();
    const named = NAMED[key];
    // Without ";" only the legacy references browsers accept are decoded ("&amp" but not "&copyright").
    if (named === undefined || (!whole.endsWith(';') && !LEGACY.has(key))) return whole;
    return named;
  });
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

type Token =
  | { type: 'text'; text: string }
  | { type: 'open'; name: string; attrs: Record<string, string>; selfClosing: boolean }
  | { type: 'close'; name: string };

/** A forgiving HTML tokenizer: enough for feed content, never throws. */
function tokenize(html: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text: decodeEntities(text) });
    text = '';
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    const rest = html.slice(lt, lt + 9);
    if (rest.startsWith('<!--')) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (rest.toUpperCase() === '<![CDATA[') {
      const end = html.indexOf(']]>', lt + 9);
      flush();
      out.push({ type: 'text', text: html.slice(lt + 9, end < 0 ? html.length : end) });
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (rest[1] === '!' || rest[1] === '?') {
      const end = html.indexOf('>', lt + 2);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/.exec(html.slice(lt, lt + 64));
    if (!m) {
      // A lone "<" (e.g. "price < 100") is text.
      text += '<';
      i = lt + 1;
      continue;
    }
    flush();
    const closing = m[1] === '/';
    const name = m[2]!.toLowerCase();
    // Attributes run to the next ">" outside quotes.
    let j = lt + m[0].length;
    const attrs: Record<string, string> = {};
    let selfClosing = false;
    const attrRe = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?|\s*(\/)|\s+/y;
    while (j < html.length && html[j] !== '>') {
      attrRe.lastIndex = j;
      const a = attrRe.exec(html);
      if (!a || attrRe.lastIndex === j) {
        j++;
        continue;
      }
      j = attrRe.lastIndex;
      if (a[5]) selfClosing = true;
      else if (a[1]) attrs[a[1].toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    }
    i = j + 1;
    out.push(closing ? { type: 'close', name } : { type: 'open', name, attrs, selfClosing });
  }
  flush();
  return out;
}

/**
 * An absolute http(s) URL for a link, or null: other schemes (javascript:, data:, vbscript:,
 * mailto: …) and unresolvable relative links are dropped.
 * @example safeHref('/a', 'https://x.test/b/c') // 'https://x.test/a'
 */
export function safeHref(href: string, base?: string): string | null {
  // Control characters and whitespace inside a scheme are an old filter-evasion trick.
  // eslint-disable-next-line no-control-regex
  const cleaned = href.replace(/[\u0000-\u0020\u007f]+/g, '');
  if (!cleaned) return null;
  try {
    const url = base ? new URL(cleaned, base) : new URL(cleaned);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Reduces HTML to the safe subset described at the top of this module; the output is
 * well-formed (every kept tag closed).
 * @example sanitizeHtml('<p onclick="x()">Hi <script>evil()</script><b>there</b></p>') // '<p>Hi <strong>there</strong></p>'
 */
export function sanitizeHtml(html: string, options: { baseUrl?: string | undefined } = {}): string {
  const out: string[] = [];
  const stack: string[] = [];
  let dropDepth = 0;
  let dropName = '';
  const close = (name: string) => {
    const at = stack.lastIndexOf(name);
    if (at < 0) return;
    while (stack.length > at) out.push(`</${stack.pop()}>`);
  };
  for (const tok of tokenize(html)) {
    if (dropDepth > 0) {
      if (tok.type === 'open' && tok.name === dropName && !tok.selfClosing) dropDepth++;
      else if (tok.type === 'close' && tok.name === dropName) dropDepth--;
      continue;
    }
    if (tok.type === 'text') {
      const inPre = stack.includes('pre');
      out.push(escapeText(inPre ? tok.text : tok.text.replace(/[ \t\r\n\f]+/g, ' ')));
      continue;
    }
    if (DROPPED.has(tok.name)) {
      if (tok.type === 'open' && !tok.selfClosing && !VOID.has(tok.name)) {
        dropDepth = 1;
        dropName = tok.name;
      }
      continue;
    }
    const name = RENAMED[tok.name] ?? tok.name;
    if (!KEPT.has(name)) {
      if (BLOCKS.has(tok.name)) out.push(' ');
      continue;
    }
    if (tok.type === 'close') {
      close(name);
      continue;
    }
    if (name === 'br') {
      out.push('<br>');
      continue;
    }
    if (name === 'a') {
      close('a'); // links do not nest
      const href = tok.attrs.href ? safeHref(tok.attrs.href, options.baseUrl) : null;
      out.push(href ? `<a href="${escapeAttr(href)}" rel="nofollow noopener noreferrer">` : '<a>');
    } else {
      // A new paragraph or list item ends the open one (HTML's implied end tags).
      if ((name === 'p' || name === 'li') && stack[stack.length - 1] === name) close(name);
      out.push(`<${name}>`);
    }
    if (tok.selfClosing) out.push(`</${name}>`);
    else stack.push(name);
  }
  while (stack.length) out.push(`</${stack.pop()}>`);
  return out
    .join('')
    .replace(/<a>([\s\S]*?)<\/a>/g, '$1') // links whose href was unsafe keep only their text
    .replace(/<(p|strong|em|li|h2|h3|h4|blockquote)>\s*<\/\1>/g, '')
    .split(/(<pre>[\s\S]*?<\/pre>)/)
    .map((part, i) => (i % 2 ? part : part.replace(/\s{2,}/g, ' '))) // odd parts are <pre> blocks
    .join('')
    .trim();
}

/** Elements that end a paragraph in text output (a blank line); others end a line. */
const PARAGRAPHS = new Set([
  'p',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'div',
  'section',
  'article',
  'figure',
]);

/**
 * The readable text of HTML, as stored in content bodies: tags removed (with the content of
 * scripts and styles), entities decoded, paragraphs separated by a blank line, list items on
 * lines of their own starting "• ", runs of spaces collapsed.
 * @example htmlToText('<p>One &amp; two</p><ul><li>Three</li></ul>') // 'One & two\n\n• Three'
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let dropDepth = 0;
  let dropName = '';
  for (const tok of tokenize(html)) {
    if (dropDepth > 0) {
      if (tok.type === 'open' && tok.name === dropName && !tok.selfClosing) dropDepth++;
      else if (tok.type === 'close' && tok.name === dropName) dropDepth--;
      continue;
    }
    if (tok.type === 'text') parts.push(tok.text.replace(/\n/g, ' '));
    else if (tok.type === 'open' && DROPPED.has(tok.name) && !tok.selfClosing && !VOID.has(tok.name)) {
      dropDepth = 1;
      dropName = tok.name;
    } else if (tok.name === 'li') {
      if (tok.type === 'open') parts.push('\n• ');
    } else if (PARAGRAPHS.has(tok.name)) parts.push('\n\n');
    else if (TEXT_BLOCKS.has(tok.name)) parts.push('\n');
  }
  return parts
    .join('')
    .replace(/[ \t\f\r\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;

/**
 * A summary of plain text: whole when short, else cut at the last sentence end or word
 * boundary before `max` characters, with an ellipsis. CJK text (no spaces) is cut by characters.
 * @example summarize('Bitcoin rose. Ether fell.', 15) // 'Bitcoin rose.'
 */
export function summarize(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const head = chars.slice(0, max).join('');
  const sentence = Math.max(...['. ', '! ', '? ', '。', '！', '？'].map((p) => head.lastIndexOf(p)));
  if (sentence >= max * 0.5) return head.slice(0, sentence + 1).trim();
  const space = head.lastIndexOf(' ');
  const cut = !CJK.test(head.slice(-10)) && space >= max * 0.5 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,;:，、；：.…-]+$/u, '')}…`;
}
