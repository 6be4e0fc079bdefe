// The plain template baseline of a news article (/news/{id}, baseline.mjs): headline, byline,
// body blocks, neighbours, related coins and related reads from the content API's detail row.
// The share and act-button scripts are constant fragments, captured from the product's markup.
// Also the article lists of /news, /research and a columnist's page (articleItems).
import { ago as agoMs } from './baseline-home.mjs';
import { change, esc, int, mmdd, pager, price } from './baseline-markup.mjs';

const dateline = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** Paragraphs and `#` subheadings of a plain-text body, as the product splits them. */
function blocks(body) {
  const out = [];
  for (const chunk of String(body ?? '').split(/\n\s*\n/)) {
    let para = [];
    const flush = () => {
      if (para.length) out.push(['p', para.join(' ')]);
      para = [];
    };
    for (const line of chunk.split('\n')) {
      const l = line.trim();
      if (!l) continue;
      const h = /^#{1,6}(?:\s+(.*))?$/.exec(l);
      if (h) {
        flush();
        if (h[1]) out.push(['h2', h[1]]);
      } else para.push(l);
    }
    flush();
  }
  return out;
}

function ago(iso, now) {
  const m = Math.max(1, Math.round((now - Date.parse(iso)) / 60_000));
  if (m < 60) return `${m} minutes ago`;
  const h = Math.round(m / 60);
  if (h < 24) return h === 1 ? 'an hour ago' : `${h} hours ago`;
  const d = Math.round(h / 24);
  return d === 1 ? 'a day ago' : `${d} days ago`;
}

export const DEMO_ITEM =
  '<span class="badge demo" title="Invented by the demo seeder: real content replaces it once a content source answers" data-testid="demo-item">Demo</span>';
/** An item's origin: the demo label (unless the list says it once), else its source's link. */
export const origin = (o, kindDemo) =>
  o.demo
    ? kindDemo
      ? ''
      : DEMO_ITEM
    : o.link
      ? `<a class="origin" href="${esc(o.link)}" rel="nofollow noopener noreferrer" target="_blank" data-testid="item-source">From ${esc(o.name ?? 'Original')}</a>`
      : '';
const KIND = { news: 'News', research: 'Research' };
export const views = (n) => `${int.format(n)} ${n === 1 ? 'view' : 'views'}`;

/**
 * The <ul> of an article list (src/features/content/news/markup.ts): title, summary, origin,
 * byline, time, views and coin chips; `showKind` badges each kind, `hideAuthor` drops the byline.
 */
export function articleItems(list, { showKind = false, hideAuthor = false, kindDemo = false } = {}) {
  const now = Date.now();
  const items = list
    .map((a) => {
      const at = new Date(a.publishedAt);
      const chips = a.coins
        .map(
          (c) =>
            `<li><a class="chip" href="/coin/${encodeURIComponent(c.id)}" title="${esc(c.name)}"><img src="${esc(c.icon)}" alt="" width="16" height="16" loading="lazy" decoding="async" /><span class="sym">${esc(c.symbol)}</span><span><span class="sr-only">24h change: </span>${change(c.change24h, c.id)}</span></a></li>`,
        )
        .join('');
      const by =
        !hideAuthor && a.columnist
          ? `<a href="/columnist/${a.columnist.id}">${esc(a.columnist.name)}</a>`
          : a.origin.author
            ? `<span>${esc(a.origin.author)}</span>`
            : '';
      return `<li data-id="${a.id}">
<h2 class="title">${showKind ? `<span class="badge">${KIND[a.kind]}</span>` : ''}<a href="/${a.kind}/${a.id}">${esc(a.title)}</a></h2>
${a.summary ? `<p class="summary">${esc(a.summary)}</p>` : ''}
<div class="meta muted">${origin(a.origin, kindDemo)}${by}<time datetime="${a.publishedAt}" title="${mmdd(at)}">${agoMs(at.getTime(), now)}</time><span>${views(a.views)}</span></div>
${chips ? `<ul class="coin-chips" data-testid="coin-chips">${chips}</ul>` : ''}
</li>`;
    })
    .join('');
  return `<ul class="articles" data-testid="article-list">${items}</ul>`;
}

const DEMO_KIND = 'Demo content: these items are invented by the demo seeder until a content source answers.';
const INDEX = {
  // /news has feed links in its head slot: one more space before the list.
  news: ['   ', 'News', 'The latest cryptocurrency and blockchain news: markets, projects, exchanges and regulation.'],
  research: ['  ', 'Research', 'In-depth research reports on coins, networks, derivatives and token supply.'],
};

/**
 * The template of /news or /research (ArticleIndex.astro): heading, the demo note while the kind
 * is still the seeder's, the newest 20 and the pager. d: { list, cid: { index } }.
 */
export function articleIndex(kind) {
  const [lead, heading, intro] = INDEX[kind];
  return (d) => {
    const I = d.cid.index;
    const demo = d.list.list.some((a) => a.origin?.demo);
    const note = demo
      ? `<p class="demo-note muted" data-testid="demo-kind-note"${I}><span class="badge demo" title="${DEMO_KIND}" data-testid="demo-kind">Demo</span> ${DEMO_KIND}</p> `
      : '';
    const opts = { param: true, defaultSize: 20, list: 'news' };
    return `<main id="main">${lead}<div class="index" data-testid="${kind}-index"${I}> <h1${I}>${heading}</h1> ${note}<p class="muted intro"${I}> ${intro}  </p>   ${articleItems(d.list.list, { kindDemo: demo })} ${pager(`/${kind}`, 1, 20, d.list.total, opts)}  </div>   </main>`;
  };
}

/** The page's constant pieces, from the product's <main>: the two scripts of the act buttons. */
export function articleConstants(main) {
  const script = (re) => re.exec(main)?.[0] ?? '';
  return {
    actScript: script(/<script type="module" src="[^"]*ActButtonScript[^"]*"><\/script>/),
    shareScript: script(
      /<script type="module">for\(const e of document\.querySelectorAll\("\[data-share\]"\)[\s\S]*?<\/script>/,
    ),
  };
}

export function article(d) {
  const a = d.article;
  const { main: M, page: P, share: S } = d.cid;
  const now = Date.now();
  const link = (l) => `/${l.kind}/${l.id}`;
  const who = a.columnist;
  const demo = a.origin?.demo
    ? '<span class="badge demo" title="Invented by the demo seeder: real content replaces it once a content source answers" data-testid="demo-item">Demo</span>'
    : '';
  const follow = who
    ? `<button type="button" class="act-btn follow-btn" data-follow="${who.id}" aria-pressed="false" data-testid="follow"><span class="when-off"><span aria-hidden="true">+ </span>Follow</span><span class="when-on"><span aria-hidden="true">✓ </span>Following</span><span class="sr-only"> ${esc(who.name)}</span></button> ${d.actScript} `
    : '';
  const share = `<a class="share-btn" href="${esc(`${d.origin}/en${link(a)}`)}" title="Share this article or copy its link" data-share data-title="${esc(a.title)}" data-copied="Link copied" data-failed="The link could not be copied: select it below and copy it." data-testid="share"${S}><svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"${S}><path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"${S}></path></svg>Share</a> <span class="share-note" role="status" data-share-note data-testid="share-note"${S}></span> ${d.shareScript}`;
  const body = blocks(a.body)
    .map(([tag, text]) => `<${tag}${P}>${esc(text)}</${tag}>`)
    .join('');
  const neighbour = (l, rel) =>
    l
      ? `<a href="${link(l)}" rel="${rel}"${rel === 'next' ? ' class="next"' : ''} data-testid="${rel === 'prev' ? 'previous' : 'next'}"${P}><small${P}>${rel === 'prev' ? 'Previous' : 'Next'}</small><span${P}>${esc(l.title)}</span></a>`
      : `<span${P}></span>`;
  const chips = a.coins
    .map(
      (c) =>
        `<li><a class="chip" href="/coin/${esc(c.id)}" title="${esc(c.name)}"><img src="${esc(c.icon)}" alt="" width="16" height="16" loading="lazy" decoding="async" /><span class="sym">${esc(c.symbol)}</span><span class="num"><span class="sr-only">Price: </span>${price(c.price)}</span><span><span class="sr-only">24h change: </span>${change(c.change24h, c.id)}</span></a></li>`,
    )
    .join('');
  const coins = a.coins.length
    ? `<section class="box" data-testid="related-coins"><h2>Related coins</h2><ul class="coin-chips" data-testid="coin-chips">${chips}</ul><p class="more">${a.coins.map((c) => `<a href="/${a.kind}?coin=${encodeURIComponent(c.id)}" data-testid="more-about">More news about ${esc(c.symbol)}</a>`).join('')}</p></section>`
    : '';
  const related = a.related.length
    ? `<section class="box" data-testid="related-articles"><h2>Related articles</h2><ul class="related">${a.related.map((r) => `<li><a href="${link(r)}">${esc(r.title)}</a> <time class="muted" datetime="${esc(r.publishedAt)}">${ago(r.publishedAt, now)}</time></li>`).join('')}</ul></section>`
    : '';
  return `<main id="main" class="article-main"${M}> <article class="article-column"${M}>  <p class="crumbs"${P}><a href="/${a.kind}"${P}>Back to news</a></p> <header class="head"${P}> <span class="badge"${P}>News</span>  <h1 data-testid="article-title"${P}>${esc(a.title)}</h1> <p class="byline muted" data-testid="byline"${P}>${demo} ${who ? `<a href="/columnist/${who.id}" rel="author">By ${esc(who.name)}</a>` : ''} <time datetime="${esc(a.publishedAt)}" data-testid="dateline">Published ${dateline.format(new Date(a.publishedAt)).replace(' at', ',')} UTC</time> <span data-testid="article-views">${int.format(a.views)} views</span></p> <p class="acts"${P}> ${follow} <button type="button" class="act-btn bookmark-btn" data-bookmark="article:${a.id}" aria-pressed="false" data-testid="bookmark"><span class="when-off"><span aria-hidden="true">☆ </span>Bookmark</span><span class="when-on"><span aria-hidden="true">★ </span>Bookmarked</span></button>   ${share}  </p> </header> ${a.summary ? `<p class="lead"${P}>${esc(a.summary)}</p>` : ''}<div class="body" data-testid="article-body"${P}> ${body} </div> <p class="disclaimer muted"${P}>This article is for information only and is not investment advice.</p> <nav class="neighbours" aria-label="Pagination"${P}> ${neighbour(a.previous, 'prev')} ${neighbour(a.next, 'next')} </nav>   </article> <aside class="article-aside"${M}>${coins}${related}</aside> </main>`;
}
