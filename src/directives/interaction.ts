import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrate an island when the visitor reaches for it (pointer over it, a
 * touch, keyboard focus or a key press inside it), not with the page. Reading pages load no
 * framework code until then; the island's server-rendered HTML works meanwhile (its links are
 * real links).
 *
 * A click that lands while the island's code is still loading (a tap on a slow phone: the touch
 * starts the loading, the click follows at once) is held and clicked again once the island is
 * ready, so its own handler takes it ("load more" appends instead of opening the next page). If
 * the code cannot load, the held click is let through: a link still leads where it points.
 */
const interaction: ClientDirective = (load, _options, el) => {
  const events = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
  let started = false;
  let held: HTMLElement | null = null;
  const hold = (e: Event) => {
    const target = e.target instanceof Element ? e.target.closest<HTMLElement>('a[href], button') : null;
    if (!target || e.defaultPrevented) return;
    if (e instanceof MouseEvent && (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)) return; // a new tab or window
    e.preventDefault();
    held = target;
  };
  const release = () => {
    el.removeEventListener('click', hold, true);
    const target = held;
    held = null;
    if (target?.isConnected) target.click();
  };
  const start = async () => {
    if (started) return;
    started = true;
    events.forEach((type) => el.removeEventListener(type, start));
    el.addEventListener('click', hold, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      release();
    }
  };
  events.forEach((type) => el.addEventListener(type, start, { passive: true }));
};

export default interaction;
