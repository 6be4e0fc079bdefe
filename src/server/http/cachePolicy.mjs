/**
 * What shared caches (a CDN or reverse proxy in front of the site) may do with an answer, named
 * by what the answer holds; pages and routes pick one instead of writing their own header. The
 * server's own page micro-cache keeps a render PAGE_CACHE_MS whatever the policy; the middleware
 * turns `public` into `private` (and drops `s-maxage`) when a visitor's settings shaped the page.
 * Plain JavaScript, so that the Node server around the app (./node/) reads it too.
 */
export const CACHE = /** @type {const} */ ({
  /** Never kept: errors, refusals, files made on request, anything one reader asked for. */
  none: 'no-store',
  /** Kept by no shared cache, and by the browser only for its own back button. */
  personal: 'private, no-store',
  /** Pages whose prices move every few seconds (the browser keeps them live meanwhile). */
  prices: 'public, s-maxage=10, stale-while-revalidate=60',
  /** The flash-news timeline: new items arrive every few minutes. */
  flash: 'public, s-maxage=15, stale-while-revalidate=60',
  /** Lists and pages that change within minutes: news, rankings, search, offerings, exchanges. */
  lists: 'public, s-maxage=30, stale-while-revalidate=120',
  /** Reading pages and slower lists: entries, columnists, notices, events. */
  reading: 'public, s-maxage=60, stale-while-revalidate=300',
  /** Shells whose personal part the browser fills in: sign-up, the user centre, the watchlist. */
  shell: 'public, s-maxage=300, stale-while-revalidate=600',
  /** Old posts that hardly change: projects' updates and social posts. */
  archive: 'public, s-maxage=300, stale-while-revalidate=3600',
  /** Pages that change with a release: the methodology, the privacy policy. */
  release: 'public, s-maxage=3600, stale-while-revalidate=86400',
  /** The embeddable widget: other sites' readers' browsers may keep it a minute too. */
  widget: 'public, max-age=60, s-maxage=60, stale-while-revalidate=120',
  /** Feeds and the sitemap: feed readers poll them; five minutes in any cache. */
  feed: 'public, max-age=300, s-maxage=300, stale-while-revalidate=900',
  /** A signed-in reader's own feed: the reader's browser revalidates it every time. */
  personalFeed: 'private, no-cache',
  /** A coin icon: drawn once per coin. */
  icon: 'public, max-age=604800, stale-while-revalidate=86400',
  /** A file named by its content's hash (an avatar's URL changes with the picture). */
  immutable: 'public, max-age=31536000, immutable',
  /** An article's share card: drawn again only when the title changes. */
  articleCard: 'public, max-age=3600, stale-while-revalidate=86400',
  /** A coin's share card: its figures move, so ten minutes. */
  coinCard: 'public, max-age=600, stale-while-revalidate=3600',
  /** What moves with a release (the API's own documents) or may appear soon (a coin's icon): five minutes. */
  fiveMinutes: 'public, max-age=300',
  /** Settled for a while: the push key, old links' permanent redirects. */
  hour: 'public, max-age=3600',
  /** Retired sections' redirects home. */
  day: 'public, max-age=86400',
  /** A picture or card that does not exist (yet): asked again in a minute. */
  minute: 'public, max-age=60',
});
