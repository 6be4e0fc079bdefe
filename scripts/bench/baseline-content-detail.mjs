// Plain template baselines of more content pages for the page benchmark (baseline.mjs): each
// page's rows captured once from the product's API, <main> rendered per request with template
// literals, markup close to the product's.
//
// /research: the /news template (baseline-article.mjs) with research's heading, intro and rows.
// /lives/{newest}: the newest flash news item in the article layout: dateline, origin, body,
// coin chips, votes, bookmark, its neighbours and its coins beside it.
// /announcement/{newest}: the newest announcement: crumbs, meta, paragraphs, related coins,
// facts, links and the hot list beside it (without itself).
// /columnist/{first}: the first columnist of /columnist, their card and their articles of every
// kind. No public API answers a columnist's profile (name, bio, followers, counts): it is read
// once from the product's markup, the row a template server would hold; the initials avatar is
// drawn per request, as the product does.
// /calendar: the week around today (the default view), each day with its events: importance
// stars, coin and exchange chips, credibility, votes, source and tags.
// Constants captured from the product's markup, as in a template server: the vote buttons' and
// act buttons' script tags (their hashed file names are the build's).
import { articleIndex, articleItems, origin, views } from './baseline-article.mjs';
import { ago } from './baseline-home.mjs';
import { coinCell, esc, int, mmdd, pager } from './baseline-markup.mjs';

const LIVE = '/lives/{newest}';
const ANNOUNCEMENT = '/announcement/{newest}';
const COLUMNIST = '/columnist/{first}';

/** The pages this module templates (paths without a locale prefix; placeholders: see resolve). */
export const PAGES = ['/research', LIVE, ANNOUNCEMENT, COLUMNIST, '/calendar'];

/** The newest flash news item and announcement, and the first columnist of /columnist. */
export async function resolve({ api, html }) {
  const [lives, announcements, columnists] = await Promise.all([
    api('/api/v1/lives?size=10'),
    api('/api/new/v2/announcements?page=1&size=10'),
    html('/columnist'),
  ]);
  const first = /data-testid="columnist" data-id="(\d+)"/.exec(columnists)?.[1];
  if (!first) throw new Error('baseline: no columnist on /columnist');
  return {
    [LIVE]: `/lives/${lives.list[0].id}`,
    [ANNOUNCEMENT]: `/announcement/${announcements.list[0].id}`,
    [COLUMNIST]: `/columnist/${first}`,
  };
}

const UNESC = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#34;': '"', '&#38;': '&' };
const unesc = (s) => s.replace(/&(?:amp|lt|gt|quot|#39|#34|#38);/g, (e) => UNESC[e]);
const idOf = (path) => path.slice(path.lastIndexOf('/') + 1);
const scriptTag = (main, name) =>
  new RegExp(`<script type="module" src="[^"]*/${name}[^"]*"></script>`).exec(main)?.[0] ?? '';

/** The rows of each page, read once from a running product (ctx: see baseline.mjs). */
export async function capture({ api, pages, cid, path }) {
  const live = path(LIVE);
  const ann = path(ANNOUNCEMENT);
  const col = path(COLUMNIST);
  const [research, item, notice, hot, articles, calendar] = await Promise.all([
    api('/api/new/v2/content/page?page=1&size=20&kind=research'),
    api(`/api/v1/lives/${idOf(live)}`),
    api(`/api/new/v2/announcements/${idOf(ann)}`),
    api('/api/new/v2/announcements?page=1&size=10&sort=hot'),
    api(`/api/new/v2/content/page?page=1&size=10&columnist=${idOf(col)}`),
    api('/api/v1/calendar'),
  ]);
  const cm = pages[col].main;
  const text = (re) => unesc(re.exec(cm)?.[1] ?? '');
  const count = (re) => Number(text(re).replace(/,/g, ''));
  const actScript = scriptTag(pages[live].main, 'ActButtonScript');
  return {
    '/research': { list: research, cid: { index: cid('/research', 'data-testid="research-index"') } },
    [live]: {
      item,
      voteScript: scriptTag(pages[live].main, 'VoteButtons'),
      actScript,
      cid: { main: cid(live, '<main'), page: cid(live, 'class="crumbs"') },
    },
    [ann]: {
      item: notice,
      hot: hot.list.filter((h) => h.id !== notice.id).slice(0, 8),
      actScript,
      cid: {
        main: cid(ann, '<main'),
        page: cid(ann, 'class="crumbs'),
        hot: cid(ann, 'data-testid="hot-announcements"'),
      },
    },
    [col]: {
      columnist: {
        id: Number(idOf(col)),
        name: text(/<h1 class="name"[^>]*>([^<]*)</),
        bio: /<p class="bio"/.test(cm) ? text(/<p class="bio"[^>]*>([^<]*)</) : null,
        avatar: /<img class="avatar" src="([^"]*)"/.exec(cm) ? text(/<img class="avatar" src="([^"]*)"/) : null,
        followers: count(/data-testid="followers"[^>]*>([\d,]+)/),
        news: count(/data-testid="news-count"[^>]*>([\d,]+)/),
        research: count(/data-testid="research-count"[^>]*>([\d,]+)/),
        // The newest of their articles (the list is newest first, every kind).
        latestAt: articles.list[0]?.publishedAt ?? null,
      },
      articles,
      actScript,
      cid: {
        profile: cid(col, 'class="profile"'),
        card: cid(col, 'data-testid="columnist"'),
        avatar: cid(col, 'class="avatar'),
      },
    },
    '/calendar': {
      calendar,
      voteScript: scriptTag(pages['/calendar'].main, 'VoteButtons'),
      cid: {
        page: cid('/calendar', '<h1'),
        days: cid('/calendar', 'class="cal-days"'),
        event: cid('/calendar', 'class="cal-event"'),
        stars: cid('/calendar', 'class="stars'),
      },
    },
  };
}

/** Up and down vote buttons (VoteButtons.astro); `up`/`down`: [key, label, count]. */
function votes(kind, id, up, down, testid) {
  const button = (cls, [key, label, n], t) =>
    `<button type="button" class="vote ${cls}" data-vote="${key}" data-tpl="${label} {{count}}" data-count="${n}" aria-pressed="false" data-testid="vote-${t}">${label} ${int.format(n)}</button>`;
  return `<span class="vote-buttons num" data-votes="${kind}" data-id="${id}"${testid ? ` data-testid="${testid}"` : ''}> ${button('rise', up, 'up')} ${button('fall', down, 'down')} </span>`;
}
const bookmark = (key) =>
  `<button type="button" class="act-btn bookmark-btn" data-bookmark="${key}" aria-pressed="false" data-testid="bookmark"><span class="when-off"><span aria-hidden="true">☆ </span>Bookmark</span><span class="when-on"><span aria-hidden="true">★ </span>Bookmarked</span></button>`;

const dateline = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'full',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

function liveDetail(d) {
  const x = d.item;
  const { main: M, page: P } = d.cid;
  const o = x.origin;
  const source =
    o.demo || (o.link && o.name)
      ? origin(o, false)
      : x.sourceUrl
        ? `<span${P}>· <a href="${esc(x.sourceUrl)}" rel="nofollow noopener" target="_blank"${P}>Original link</a></span>`
        : '';
  const chips = x.coins.length
    ? `<ul class="chips" aria-label="Related coins"${P}> ${x.coins.map((c) => `<li${P}><a href="/coin/${encodeURIComponent(c.id)}" data-testid="lives-coin"${P}>${esc(c.symbol)}</a></li>`).join('')} </ul>`
    : '';
  const related = x.coins.length
    ? `<section data-testid="lives-related-coins"${P}> <h2${P}>Related coins</h2> <ul class="coins"${P}> ${x.coins.map((c) => `<li${P}>${coinCell(c)}</li>`).join('')} </ul> </section>`
    : '';
  const neighbour = (l, rel, key, label) =>
    l
      ? `<a href="/lives/${l.id}" rel="${rel}" data-testid="lives-${key}"${P}><span class="muted"${P}>${label}</span> <span${P}>${esc(l.title)}</span></a>`
      : `<span${P}></span>`;
  const important = x.important ? `<span class="badge demo" data-testid="lives-important"${P}>Important</span>` : '';
  const vote = votes('flash', x.id, ['bullish', '▲ Bullish', x.votesUp], ['bearish', '▼ Bearish', x.votesDown]);
  return `<main id="main" class="article-main"${M}> <article class="article-column"${M}>  <p class="crumbs"${P}><a href="/lives"${P}>Flash news</a></p>  <h1 data-testid="lives-detail-title"${P}> ${important} <span${P}>${esc(x.title)}</span> </h1> <p class="muted meta"${P}> <span${P}>Published: <time datetime="${x.publishedAt}"${P}>${dateline.format(new Date(x.publishedAt))} UTC</time></span> ${source} </p> <p class="body" data-testid="lives-detail-body"${P}>${esc(x.body)}</p> ${chips}<p class="votes num" data-testid="lives-votes"${P}>${vote} ${d.voteScript} ${bookmark(`flash:${x.id}`)} ${d.actScript} </p> <nav class="neighbours" aria-label="More flash news" data-testid="lives-neighbours"${P}> ${neighbour(x.newer, 'next', 'newer', 'Later')} ${neighbour(x.older, 'prev', 'older', 'Earlier')} </nav>   </article> <aside class="article-aside"${M}>${related}<p${P}><a href="/lives"${P}>All flash news</a></p> </aside> </main>`;
}

const CATEGORIES = {
  listing: 'New listing',
  delisting: 'Delisting',
  activity: 'Activity',
  maintenance: 'Maintenance',
  other: 'Other',
};
/** An item's HTML lang (src/lib/i18n/contentLanguage.ts). */
const LANG = { zh: 'zh-Hans', 'zh-hk': 'zh-Hant-HK' };

function announcementDetail(d) {
  const a = d.item;
  const { main: M, page: P, hot: H } = d.cid;
  const ex = encodeURIComponent(a.exchange.name);
  const name = esc(a.exchange.displayName);
  const category = CATEGORIES[a.category];
  const at = mmdd(new Date(a.publishedAt));
  const lang = LANG[a.locale] ?? a.locale;
  const body = String(a.body ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p)}</p>`)
    .join('');
  const related = a.coins.length
    ? `<section class="related"${P}> <h2${P}>Related coins</h2> <ul class="chips" data-testid="related-coins"${P}> ${a.coins.map((c) => `<li${P}><a href="/coin/${encodeURIComponent(c.id)}"${P}>${esc(c.name)} (${esc(c.symbol)})</a></li>`).join('')} </ul> </section>`
    : '';
  const facts = [
    ['Exchange', name],
    ['Category', category],
    ['Published', at],
  ]
    .map(([k, v]) => `<div><dt>${k}</dt><dd class="num">${v}</dd></div>`)
    .join('');
  const hot = d.hot
    .map(
      (h) =>
        `<li><a href="/announcement/${h.id}">${esc(h.title)}</a> <span class="muted small">${esc(h.exchange.displayName)} · ${views(h.views)}</span></li>`,
    )
    .join('');
  return `<main id="main" class="article-main"${M}> <article class="article-column"${M}>  <nav class="crumbs muted"${P}><a href="/announcement"${P}>All announcements</a> › <a href="/announcements/${ex}"${P}>${name} announcements</a></nav> <h1 data-testid="announcement-title" lang="${lang}"${P}>${esc(a.title)}</h1> <div class="meta" data-testid="announcement-meta"${P}>  <a class="badge" href="/announcement?category=${a.category}"${P}>${category}</a> <a href="/exchange/${ex}" data-testid="announcement-exchange"${P}>${name}</a> <time datetime="${a.publishedAt}"${P}>${at}</time> <span class="muted" data-testid="announcement-views"${P}>${views(a.views)}</span> ${bookmark(`announcement:${a.id}`)} ${d.actScript}  </div> <div class="body" data-testid="content-body" lang="${lang}"> ${body} </div> ${related}<dl class="facts"> ${facts} </dl> <p${P}><a class="original" href="${esc(a.url)}" rel="nofollow noopener" target="_blank" data-testid="original-link"${P}>Read the original announcement ↗</a></p> <p${P}><a href="/announcements/${ex}"${P}>More announcements from ${name}</a></p>   </article> <aside class="article-aside"${M}><section class="hot" data-testid="hot-announcements" aria-labelledby="hot-announcements-heading"${H}> <h2 id="hot-announcements-heading"${H}>Hot announcements</h2> <p class="muted small"${H}>Most read in the latest week</p> <ol>${hot}</ol> </section> </aside> </main>`;
}

/** A columnist's picture, or their initials on a colour from the name (Avatar.astro). */
function avatar(c, A) {
  if (c.avatar)
    return `<img class="avatar" src="${esc(c.avatar)}" alt="" width="72" height="72" loading="lazy" decoding="async"${A}>`;
  const words = c.name.trim().split(/\s+/);
  const first = (w) => [...w][0] ?? '';
  const initials = /^\p{Script=Han}/u.test(c.name)
    ? first(c.name)
    : `${first(words[0])}${words.length > 1 ? first(words.at(-1)) : ''}`.toUpperCase();
  let hash = 0;
  for (const ch of c.name) hash = (hash * 31 + ch.codePointAt(0)) % 360;
  return `<span class="avatar initials" aria-hidden="true" style="--s:72px;--h:${hash}"${A}>${esc(initials)}</span>`;
}

function columnist(d) {
  const c = d.columnist;
  const { profile: R, card: C, avatar: A } = d.cid;
  const l = d.articles;
  const name = esc(c.name);
  const list = l.total
    ? `${articleItems(l.list, { showKind: true, hideAuthor: true })}${pager(`/columnist/${c.id}`, 1, 10, l.total, { param: true, defaultSize: 10 })}`
    : `<p class="empty"${R}>No articles yet.</p>`;
  const follow = `<button type="button" class="act-btn follow-btn" data-follow="${c.id}" aria-pressed="false" data-testid="follow"><span class="when-off"><span aria-hidden="true">+ </span>Follow</span><span class="when-on"><span aria-hidden="true">✓ </span>Following</span><span class="sr-only"> ${name}</span></button>`;
  const latest = c.latestAt ? `<span${C}>Latest article ${ago(Date.parse(c.latestAt), Date.now())}</span>` : '';
  return `<main id="main"> <div class="profile"${R}><p class="crumbs"${R}><a href="/columnist"${R}>All columnists</a></p><div class="columnist large" data-testid="columnist" data-id="${c.id}"${C}> ${avatar(c, A)} <div class="text"${C}> <h1 class="name"${C}>${name}</h1> ${c.bio ? `<p class="bio"${C}>${esc(c.bio)}</p>` : ''} <p class="stats muted"${C}> <span data-testid="followers"${C}>${int.format(c.followers)} ${c.followers === 1 ? 'follower' : 'followers'}</span> <span data-testid="news-count"${C}>${c.news} news</span> <span data-testid="research-count"${C}>${c.research} research</span> ${latest} </p> </div> <div class="act"${C}>${follow} ${d.actScript} </div> </div> <h2${R}>Articles by ${name}</h2>${list}</div> </main>`;
}

const fullDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const utcDay = (day) => new Date(`${day}T00:00:00Z`);

/** One event (EventCard.astro); its components end with a space, as the product's do. */
function event(e, E, S) {
  const level = `Importance ${e.importance} of 5`;
  const stars = `<span class="stars${e.importance >= 4 ? ' high' : ''}" title="${level}" data-testid="calendar-importance" data-level="${e.importance}"${S}> <span aria-hidden="true"${S}>${'★'.repeat(e.importance)}${'☆'.repeat(5 - e.importance)}</span><span class="sr-only"${S}>${level}</span> </span> `;
  const coin = e.coin
    ? `<a class="cal-chip" href="/coin/${encodeURIComponent(e.coin.id)}" data-testid="calendar-coin" title="Coin: ${esc(e.coin.name)}"${E}>${esc(e.coin.symbol)}</a>`
    : '';
  const exchange = e.exchange
    ? `<a class="cal-chip" href="/exchange/${encodeURIComponent(e.exchange.name)}" data-testid="calendar-exchange" title="Exchange"${E}>${esc(e.exchange.displayName)}</a>`
    : '';
  const credibility =
    e.credibility !== null
      ? `<span data-testid="calendar-credibility"${E}>Credibility <b class="num"${E}>${e.credibility}%</b></span>`
      : '';
  const vote = votes(
    'calendar',
    e.id,
    ['confirm', '▲ Confirm', e.votesUp],
    ['doubt', '▼ Doubt', e.votesDown],
    'calendar-votes',
  );
  const source = e.source
    ? `<span class="muted" data-testid="calendar-source"${E}>Source: <span${E}>${esc(e.source)}</span></span>`
    : '';
  const tags = e.tags.length
    ? `<ul class="chips cal-tags" aria-label="Tags"${E}> ${e.tags.map((t) => `<li${E}><span${E}>#${esc(t)}</span></li>`).join('')} </ul>`
    : '';
  return `<article class="cal-event" data-testid="calendar-event" data-importance="${e.importance}"${E}> <time class="cal-time num" datetime="${e.startsAt}"${E}>${e.startsAt.slice(11, 16)}</time> <div class="cal-main"${E}> <h3 class="cal-title"${E}><span${E}><a href="/calendar/${e.id}"${E}>${esc(e.title)}</a></span></h3> <div class="cal-facts"${E}> ${stars} ${coin} ${exchange} ${credibility} ${vote}   ${source} </div> ${tags} </div> </article> `;
}

/** /calendar's default view: the week (Monday to Sunday) around today, every importance. */
function calendar(d) {
  const c = d.calendar;
  const { page: P, days: D, event: E, stars: S } = d.cid;
  // Defaults are left out of the links: the week view, today, any importance.
  const url = (view, date) => {
    const q = [];
    if (view !== 'week') q.push(`view=${view}`);
    if (date && date !== c.today) q.push(`date=${date}`);
    return `/calendar${q.length ? `?${q.join('&#38;')}` : ''}`;
  };
  const tabs = [
    ['day', 'Day'],
    ['week', 'Week'],
    ['month', 'Month'],
  ]
    .map(([w, label]) => `<a href="${url(w, c.date)}"${w === 'week' ? ' aria-current="page"' : ''}${P}>${label}</a>`)
    .join('');
  const levels = [3, 4, 5].map((l) => `<a href="/calendar?importance=${l}"${P}>${l}+</a>`).join('');
  const days = c.days
    .map((g) => {
      const n = g.events.length;
      const today = g.date === c.today;
      return `<section class="cal-day${today ? ' today' : ''}" data-testid="calendar-day" data-day="${g.date}"${D}> <h2 class="cal-day-head"${D}> <a href="${url('day', g.date)}"${D}><time datetime="${g.date}"${D}>${fullDay.format(utcDay(g.date))}</time></a> ${today ? `<span class="badge"${D}>Today</span>` : ''} ${n ? `<span class="muted count"${D}>Events: ${n}</span>` : ''} </h2> ${n ? g.events.map((e) => event(e, E, S)).join('') : `<p class="muted none"${D}>No events.</p>`} </section>`;
    })
    .join('');
  const heading = `${longDay.format(utcDay(c.from))} – ${longDay.format(utcDay(c.to))}`;
  return `<main id="main">  <h1${P}>Event calendar</h1> ${d.voteScript} <div class="toolbar"${P}> <nav class="tabs" aria-label="Calendar view" data-testid="calendar-views"${P}> ${tabs} </nav> <nav class="tabs" aria-label="Minimum importance" data-testid="calendar-importance-filter"${P}> <a href="/calendar" aria-current="page"${P}>All</a> ${levels} </nav> </div> <div class="range"${P}> <a class="step" href="${url('week', c.prev)}" rel="prev" data-testid="calendar-prev"${P}>‹ Previous week</a> <h2 data-testid="calendar-heading"${P}>${heading}</h2> <a class="step" href="${url('week', c.next)}" rel="next" data-testid="calendar-next"${P}>Next week ›</a> <a class="step today" href="${url('week', c.today)}" data-testid="calendar-today"${P}>Today</a> </div> <p class="muted note"${P}><span data-testid="calendar-total"${P}>Events: ${c.total}</span> · Days and times are in UTC; weeks start on Monday. Events are listed as the projects publish them.</p> <div class="cal-days"${D}> ${days} </div>  </main>`;
}

/** Each page's template: data → <main>…</main>. */
export const RENDER = {
  '/research': articleIndex('research'),
  [LIVE]: liveDetail,
  [ANNOUNCEMENT]: announcementDetail,
  [COLUMNIST]: columnist,
  '/calendar': calendar,
};
