import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrate an island when the visitor reaches for it (pointer over it, a
 * touch, keyboard focus or a key press inside it), not with the page. Reading pages load no
 * framework code until then; the island's server-rendered HTML works meanwhile (its links are
 * real links).
 */
const interaction: ClientDirective = (load, _options, el) => {
  const events = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    events.forEach((type) => el.removeEventListener(type, start));
    const hydrate = await load();
    await hydrate();
  };
  events.forEach((type) => el.addEventListener(type, start, { passive: true }));
};

export default interaction;
