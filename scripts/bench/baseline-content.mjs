// Plain template baselines of the content lists (flash news, announcements; more content pages in baseline-content-detail.mjs)
// for the page benchmark (baseline.mjs): each page's rows captured once from the product's API,
// <main> rendered per request with template literals, markup close to the product's.
//
// /lives: the day-grouped timeline of the newest 10 flash news items with their coin chips and
// votes, the latest news and the Fear & Greed card beside it. The island scripts and the "load
// more" island (translations as props) are constants, as in a template server.
// /announcement: category tabs with counts, the exchange filter, the newest 20 of the visitor's
// 30 with the visitor limit, both pagers and the hot list; the alerts panel and the list's
// translations for the signed-in reader are constants.
import { ago, fearGreed } from './baseline-home.mjs';
import { esc, int, mmdd, pager } from './baseline-markup.mjs';

/** The pages this module templates (paths without a locale prefix). */
export const PAGES = ['/lives', '/announcement'];

const DEMO = 'Demo content: these items are invented by the demo seeder until a content source answers.';
const dayHeading = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** The rows of each page, read once from a running product (ctx: see baseline.mjs). */
export async function capture({ api, pages, cid }) {
  const [lives, news, fearGreedNow, announcements, groups, exchanges, hot] = await Promise.all([
    api('/api/v1/lives?size=10'),
    api('/api/new/v2/content/news?page=1&size=10'),
    api('/api/v1/fear-greed'),
    api('/api/new/v2/announcements?page=1&size=20'),
    api('/api/new/v2/notice/group'),
    api('/api/new/v2/exchange/list4content'),
    api('/api/new/v2/announcements?page=1&size=10&sort=hot'),
  ]);
  const ann = pages['/announcement'].main;
  const push = ann.indexOf('<section class="push-panel');
  const main = pages['/lives'].main;
  const timeline = main.indexOf('<section class="lives-timeline"');
  const scriptsFrom = main.indexOf('<script type="module" src="/_astro/VoteScript');
  return {
    '/lives': {
      lives,
      news: news.list.slice(0, 6),
      newsDemo: news.list.slice(0, 6).some((a) => a.origin?.demo),
      fearGreed: fearGreedNow,
      // The vote buttons' script and the islands' bootstrap, then the "load more" island: constants.
      scripts: scriptsFrom >= 0 && timeline > scriptsFrom ? main.slice(scriptsFrom, timeline) : '',
      loadMore: /<astro-island[^>]*LoadMore[\s\S]*?<\/astro-island>/.exec(main)?.[0] ?? '',
      cid: {
        page: cid('/lives', '<h1'),
        news: cid('/lives', 'data-testid="home-news"'),
        fg: {
          K: cid('/lives', 'data-testid="fear-greed-card"'),
          R: cid('/lives', 'class="fg-reading"'),
          G: cid('/lives', 'class="fg-gauge"'),
          C: cid('/lives', 'class="fg-chart"'),
        },
      },
    },
    '/announcement': {
      list: announcements,
      groups,
      exchanges: exchanges.list,
      hot: hot.list,
      push: push >= 0 ? ann.slice(push, ann.indexOf('</script>', push) + '</script>'.length) : '',
      dict: /data-announcements-more data-query="[^"]*" data-dict="([^"]*)"/.exec(ann)?.[1] ?? '',
      cid: {
        page: cid('/announcement', 'class="announcement-page"'),
        tabs: cid('/announcement', 'data-testid="category-tabs"'),
        limit: cid('/announcement', 'data-testid="login-to-see-more"'),
        hot: cid('/announcement', 'data-testid="hot-announcements"'),
      },
    },
  };
}

const demoBadge = (on) => (on ? `<span class="badge demo" title="${DEMO}" data-testid="demo-kind">Demo</span>` : '');

/** The aside of the flash news pages: the latest news and the Fear & Greed card. */
function aside(d, now) {
  const { news: N, fg: F } = d.cid;
  const news = d.news
    .map(
      (a) =>
        `<li${N}>  <a href="/news/${a.id}"${N}>${esc(a.title)}</a> <span class="meta muted"${N}> <time datetime="${new Date(a.publishedAt).toISOString()}"${N}>${ago(Date.parse(a.publishedAt), now)}</time></span> </li>`,
    )
    .join('');
  return `<section class="card latest-news" data-testid="home-news"${N}> <h2${N}><a href="/news"${N}>News</a>${demoBadge(d.newsDemo)}</h2> <ul${N}> ${news} </ul>  <p class="more"${N}><a href="/news"${N}>More news →</a></p> </section>  <section class="card fg-card" aria-labelledby="fear-greed-card-title" data-testid="fear-greed-card"${F.K}> <header${F.K}> <h2 id="fear-greed-card-title"${F.K}>Fear &amp; Greed Index</h2> <a href="/rank/fear-greed"${F.K}>History and daily values →</a> </header>  ${fearGreed(d.fearGreed, F)}  </section>`;
}

function liveItem(x) {
  const chips = x.coins.length
    ? `<ul class="chips" aria-label="Related coins"> ${x.coins.map((c) => `<li><a href="/coin/${encodeURIComponent(c.id)}" data-testid="lives-coin" title="${esc(c.name)}">${esc(c.symbol)}</a></li>`).join('')} </ul>`
    : '';
  const vote = (cls, k, label, n) =>
    `<button type="button" class="vote ${cls}" data-vote="${k}" data-tpl="${label} {{count}}" data-count="${n}" aria-pressed="false" data-testid="vote-${cls === 'rise' ? 'up' : 'down'}">${label} ${int.format(n)}</button>`;
  return `<li class="lives-item${x.important ? ' important' : ''}" data-testid="lives-item" data-id="${x.id}"> <time class="lives-time num" datetime="${x.publishedAt}">${x.publishedAt.slice(11, 16)}</time> <div class="lives-content"> <h3 class="lives-title"> ${x.important ? '<span class="badge demo" data-testid="lives-important">Important</span>' : ''}  <a href="/lives/${x.id}">${esc(x.title)}</a> </h3> <p class="lives-body">${esc(x.body)}</p> <div class="lives-meta">  ${chips} <span class="vote-buttons num lives-votes" data-votes="flash" data-id="${x.id}"> ${vote('rise', 'bullish', '▲ Bullish', x.votesUp)} ${vote('fall', 'bearish', '▼ Bearish', x.votesDown)} </span>   </div> </div> </li>`;
}

function lives(d) {
  const now = Date.now();
  const P = d.cid.page;
  const l = d.lives;
  const days = [];
  for (const x of l.list) {
    const day = x.publishedAt.slice(0, 10);
    if (days.at(-1)?.day !== day) days.push({ day, items: [] });
    days.at(-1).items.push(x);
  }
  const timeline = days
    .map(
      (g) =>
        `<section class="lives-day" data-day="${g.day}"> <h2 class="lives-day-head" data-testid="lives-day"><time datetime="${g.day}">${dayHeading.format(new Date(`${g.day}T00:00:00Z`))}</time></h2> <ol class="lives-items"> ${g.items.map(liveItem).join('')} </ol> </section>`,
    )
    .join('');
  const demo = l.list.some((x) => x.origin?.demo)
    ? `<p class="demo-note muted" data-testid="demo-kind-note"${P}><span class="badge demo" title="${DEMO}" data-testid="demo-kind">Demo</span> ${DEMO}</p>`
    : '';
  return `<main id="main">   <h1${P}>Flash news</h1> ${demo}<p class="muted intro"${P}>Short crypto market news as it happens: price moves, listings, on-chain and regulatory news, with the coins each item is about.</p> <div class="toolbar"${P}> <nav class="tabs" aria-label="Filter flash news"${P}> <a href="/lives" aria-current="page"${P}>All</a> <a href="/lives?important=1" data-testid="lives-filter-important"${P}>Important only</a> </nav> <span class="muted" data-testid="lives-total"${P}>Items: ${int.format(l.total)} · Days and times are in UTC.</span> </div> <div class="lives-split"${P}> <div class="lives-main"${P}> ${d.scripts}<section class="lives-timeline" data-testid="lives-timeline" aria-label="Flash news timeline"> ${timeline} </section>  ${d.loadMore}  </div> <aside class="lives-aside" aria-label="Latest news"${P}> ${aside(d, now)}  </aside> </div>  </main>`;
}

const CATEGORIES = {
  listing: 'New listing',
  delisting: 'Delisting',
  activity: 'Activity',
  maintenance: 'Maintenance',
  other: 'Other',
};

function announcement(d) {
  const now = Date.now();
  const { page: P, tabs: T, limit: L, hot: H } = d.cid;
  const l = d.list;
  const total = d.groups.list.reduce((s, g) => s + g.count, 0);
  const today = d.groups.list.reduce((s, g) => s + g.today, 0);
  const tabs = d.groups.list
    .map(
      (g) =>
        `<a href="/announcement?category=${g.category}" data-category="${g.category}"${T}>${CATEGORIES[g.category]} <span class="muted"${T}>${int.format(g.count)}</span></a>`,
    )
    .join('');
  const options = d.exchanges
    .map((e) => `<option value="${esc(e.name)}"${P}>${esc(e.displayName)} (${e.count})</option>`)
    .join('');
  const rows = l.list
    .map((a) => {
      const at = new Date(a.publishedAt);
      const coins = a.coins.length
        ? `<span class="coins">${a.coins.map((c) => `<a href="/coin/${encodeURIComponent(c.id)}">${esc(c.symbol)}</a>`).join('')}</span>`
        : '';
      return `<li data-id="${a.id}"><div class="head"><a class="badge cat" href="/announcement?category=${a.category}" data-category="${a.category}">${CATEGORIES[a.category]}</a> <a class="title" href="/announcement/${a.id}">${esc(a.title)}</a></div><div class="meta muted"><a href="/announcements/${esc(a.exchange.name)}" data-testid="announcement-exchange">${esc(a.exchange.displayName)}</a> <time datetime="${at.toISOString()}" title="${mmdd(at)}">${ago(at.getTime(), now)}</time> ${coins}</div></li>`;
    })
    .join('');
  const opts = { param: true, defaultSize: 20, list: 'announcements' };
  const hot = d.hot
    .map(
      (a) =>
        `<li><a href="/announcement/${a.id}">${esc(a.title)}</a> <span class="muted small">${esc(a.exchange.displayName)} · ${int.format(a.views)} views</span></li>`,
    )
    .join('');
  const demo = l.list.some((a) => a.origin?.demo)
    ? `<p class="demo-note muted" data-testid="demo-kind-note"${P}><span class="badge demo" title="${DEMO}" data-testid="demo-kind">Demo</span> ${DEMO}</p>`
    : '';
  return `<main id="main">   <div class="announcement-page"${P}> <div class="main-col"${P}> <header class="page-head"${P}> <h1${P}>Exchange announcements</h1> ${demo} <p class="today" data-testid="today-count"${P}><span class="badge demo"${P}>Today</span> ${int.format(today)} new today</p> </header> <p class="muted about"${P}>New listings, delistings, activities and maintenance notices of the major exchanges, newest first. Announcements in English (Chinese pages list the Chinese editions).</p> ${d.push}  <nav class="tabs" aria-label="Category" data-testid="category-tabs"${T}> <a href="/announcement" aria-current="page"${T}>All <span class="muted"${T}>${int.format(total)}</span></a> ${tabs} </nav>  <form class="filter" method="get" action="/announcement" data-testid="exchange-filter"${P}> <label${P}>Exchange <select name="exchange"${P}> <option value=""${P}>All exchanges</option> ${options} </select> </label>  <button type="submit"${P}>Apply</button> <a href="/announcements"${P}>Announcements by exchange</a> </form> <div class="results" data-announcements-more data-query="{&#34;page&#34;:${l.page},&#34;size&#34;:${l.size}}" data-dict="${d.dict}" data-base data-show-exchange="1"${P}>  <ul class="announcements" data-testid="announcement-list">${rows}</ul>  ${pager('/announcement', l.page, l.size, l.visibleTotal, opts)} <div class="login-more" data-testid="login-to-see-more" role="note"${L}>  <p${L}><strong${L}><a href="/user" data-login data-testid="login-to-see-more-link"${L}>Log in to see more</a></strong></p> <p class="muted"${L}>Visitors see the newest ${l.limit} of ${int.format(l.total)} announcements.</p>  </div>  <template data-full-pager${P}>${pager('/announcement', l.page, l.size, l.total, opts)}</template> </div> </div> <aside class="side-col"${P}> <section class="hot" data-testid="hot-announcements" aria-labelledby="hot-announcements-heading"${H}> <h2 id="hot-announcements-heading"${H}>Hot announcements</h2> <p class="muted small"${H}>Most read in the latest week</p> <ol>${hot}</ol> </section>  </aside> </div>   </main>`;
}

/** Each page's template: data → <main>…</main>. */
export const RENDER = { '/lives': lives, '/announcement': announcement };
