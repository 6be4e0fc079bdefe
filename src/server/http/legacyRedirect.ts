/**
 * SPEC §2: the retired live-stream routes (/zhibo, /zhibo/{id}, /playback, /playback/{id})
 * redirect to the home page, keeping the locale prefix they were requested under
 * (/zh/zhibo/7 → /zh/). Permanent (301): the routes have no content of their own any more,
 * so search engines and bookmarks should move on. SPEC §2 also lists /playback/{id?} among the
 * pages ("playback") with no content shown; the explicit redirect row wins, so there is no playback page.
 */
export function redirectHome(base: string): Response {
  return new Response(null, { status: 301, headers: { Location: `${base}/`, 'Cache-Control': 'public, max-age=86400' } });
}
