/**
 * SPEC §4 "Page load": a progress bar from navigation start to finish or failure, a reload
 * when a lazily loaded chunk fails, and online/offline status following the browser. The bar
 * and the banner are in the page's markup (src/components/layout/chrome.ts). Also sends the
 * page-view beacon (POST /api/new/v1/pv).
 */
export function startPageLoad(): void {
  const bar = document.getElementById('page-progress')!;
  const banner = document.getElementById('offline-banner')!;
  let timer = 0;
  const start = () => {
    bar.className = 'running';
    bar.style.width = '15%';
    clearInterval(timer);
    timer = window.setInterval(() => {
      const w = parseFloat(bar.style.width) || 0;
      bar.style.width = `${Math.min(90, w + (90 - w) * 0.1)}%`;
    }, 200);
  };
  const finish = (failed = false) => {
    clearInterval(timer);
    bar.className = failed ? 'failed' : 'done';
    bar.style.width = '100%';
    setTimeout(() => {
      bar.className = '';
      bar.style.width = '0';
    }, 400);
  };
  document.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.('a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    if (a.target === '_blank' || a.origin !== location.origin || (a.hash && a.pathname === location.pathname)) return;
    start();
  });
  window.addEventListener('pageshow', () => finish());
  // Page-view beacon (issue 10): once per page shown (a back/forward restore is a view too), first
  // party, no cookie. The signature code loads on its own, after the page.
  window.addEventListener('pageshow', () => {
    void import('../../stores/signing.ts')
      .then(async ({ signedQuery }) => {
        const url = `/api/new/v1/pv?${await signedQuery()}`;
        const body = JSON.stringify({ path: location.pathname });
        if (!navigator.sendBeacon?.(url, body))
          void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => {});
      })
      .catch(() => {});
  });
  window.addEventListener('pagehide', () => finish());
  window.addEventListener(
    'error',
    (e) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'SCRIPT' || el.tagName === 'LINK') && !sessionStorage.getItem('chunk-reload')) {
        sessionStorage.setItem('chunk-reload', '1');
        location.reload();
      }
    },
    true,
  );
  window.addEventListener('vite:preloadError', () => location.reload());
  const online = () => {
    banner.hidden = navigator.onLine;
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', online);
  online();
}
