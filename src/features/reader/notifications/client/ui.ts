/**
 * Announcement subscriptions and notifications for a signed-in reader, without a framework, so
 * the announcement pages (small JS budget) and the user centre (React, which mounts these into
 * its tab) share one implementation:
 * - the subscription editor: every exchange able to notify (notice/exchanges) as a checkbox,
 *   the reader's current ones ticked (stare/exchange/list), saved as a whole (stare/exchange/override);
 * - "my subscribed announcements" (notice/subscribe);
 * - this device's notification button (src/stores/pushDevice.ts, loaded when the reader presses it);
 * - the private RSS/Atom feed address (notice/feedToken).
 * Loaded on demand by ./loader.ts and by the user centre's notifications tab.
 */
import { contentLang } from '../../../../lib/i18n/contentLanguage.ts';
import { formatRelativeTime } from '../../../../lib/format/relative.ts';
import { formatDateTime } from '../../../../lib/format/time.ts';
import { filterExchanges } from '../../../../lib/pushDevice.ts';
import { ApiError, apiGet, apiPost } from '../../../../stores/api.ts';
import { el } from '../../../../islands/dom.ts';
import { errorText, type Exchange, type Ui } from './toggle.ts';
import './push.css';

export type { Ui };

interface Announcement {
  id: number;
  title: string;
  locale: string;
  publishedAt: string;
  exchange: { name: string; displayName: string };
}

const V2 = '/new/v2';

const button = (text: string, testid: string, cls = 'btn secondary') =>
  el('button', { type: 'button', className: cls, data: { testid } }, text);

/** A status line: polite for progress and success, an alert for errors. */
function noteLine(testid: string) {
  const p = el('p', { className: 'push-note', data: { testid } });
  p.setAttribute('role', 'status');
  const set = (kind: 'ok' | 'error' | '', text: string) => {
    p.className = kind ? `push-note ${kind}` : 'push-note';
    p.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    p.textContent = text;
  };
  return { p, set };
}

/** Loading → the content, or the error with a retry button. */
async function withStates(host: HTMLElement, ui: Ui, load: () => Promise<void>, testid: string): Promise<void> {
  host.replaceChildren(
    el('p', { className: 'muted', data: { testid: `${testid}-loading` } }, ui.t('pushUi.common.loading')),
  );
  try {
    await load();
  } catch (e) {
    const retry = button(ui.t('pushUi.common.retry'), `${testid}-retry`);
    retry.addEventListener('click', () => void withStates(host, ui, load, testid));
    host.replaceChildren(
      el(
        'p',
        { className: 'push-note error', attrs: { role: 'alert' }, data: { testid: `${testid}-error` } },
        errorText(e, ui),
      ),
      retry,
    );
  }
}

const names = (list: Exchange[]) => list.map((e) => e.name);

/* ---------- the subscription editor ---------- */

/** The checkbox list of exchanges; `onSaved` hears the saved list (the page's toggle follows it). */
export function mountEditor(host: HTMLElement, ui: Ui, onSaved?: (names: string[]) => void): Promise<void> {
  const { t } = ui;
  return withStates(
    host,
    ui,
    async () => {
      const [all, mine] = await Promise.all([
        apiGet<{ list: Exchange[] }>(`${V2}/notice/exchanges`),
        apiGet<{ list: Exchange[] }>(`${V2}/stare/exchange/list`),
      ]);
      const chosen = new Set(names(mine.list));
      if (all.list.length === 0) {
        host.replaceChildren(el('p', { className: 'muted', data: { testid: 'subs-empty' } }, t('pushUi.editor.empty')));
        return;
      }
      const filter = el('input', {
        type: 'search',
        className: 'push-filter',
        data: { testid: 'subs-filter' },
        attrs: { 'aria-label': t('pushUi.editor.filter'), placeholder: t('pushUi.editor.filter') },
      });
      const count = el('span', {
        className: 'muted',
        data: { testid: 'subs-count' },
        attrs: { 'aria-live': 'polite' },
      });
      const list = el('ul', { className: 'push-exchanges' });
      const none = el('p', { className: 'muted', hidden: true, data: { testid: 'subs-no-match' } });
      const fieldset = el(
        'fieldset',
        { className: 'push-editor', data: { testid: 'subs-editor' } },
        el('legend', {}, t('pushUi.editor.legend')),
      );
      const save = button(t('pushUi.editor.save'), 'subs-save', 'btn primary');
      const clear = button(t('pushUi.editor.clear'), 'subs-clear');
      const note = noteLine('subs-note');
      const showCount = () => (count.textContent = t('pushUi.editor.selected', { n: chosen.size }));
      const draw = () => {
        const shown = filterExchanges(all.list, filter.value);
        list.replaceChildren(
          ...shown.map((e) => {
            const box = el('input', {
              type: 'checkbox',
              checked: chosen.has(e.name),
              value: e.name,
              data: { testid: `subs-${e.name}` },
            });
            box.addEventListener('change', () => {
              if (box.checked) chosen.add(e.name);
              else chosen.delete(e.name);
              showCount();
              note.set('', '');
            });
            return el('li', {}, el('label', {}, box, ' ', e.display_name));
          }),
        );
        none.hidden = shown.length > 0;
        none.textContent = shown.length ? '' : t('pushUi.editor.noMatch', { q: filter.value.trim() });
      };
      filter.addEventListener('input', draw);
      clear.addEventListener('click', () => {
        chosen.clear();
        draw();
        showCount();
      });
      save.addEventListener('click', async () => {
        save.disabled = true;
        save.textContent = t('pushUi.editor.saving');
        note.set('', '');
        try {
          // In the order of the list (by display name), so the request is stable.
          const wanted = all.list.map((e) => e.name).filter((n) => chosen.has(n));
          const saved = await apiPost<{ list: Exchange[] }>(`${V2}/stare/exchange/override`, { exchanges: wanted });
          chosen.clear();
          for (const n of names(saved.list)) chosen.add(n);
          draw();
          showCount();
          note.set(
            'ok',
            saved.list.length ? t('pushUi.editor.saved', { count: saved.list.length }) : t('pushUi.editor.savedNone'),
          );
          onSaved?.(names(saved.list));
        } catch (e) {
          note.set('error', errorText(e, ui));
        } finally {
          save.disabled = false;
          save.textContent = t('pushUi.editor.save');
        }
      });
      draw();
      showCount();
      fieldset.append(el('div', { className: 'push-row' }, filter, count, clear), list, none);
      host.replaceChildren(fieldset, el('div', { className: 'push-row' }, save), note.p);
    },
    'subs',
  );
}

/* ---------- my subscribed announcements ---------- */

export function mountMine(host: HTMLElement, ui: Ui): Promise<void> {
  const { t } = ui;
  const size = 20;
  return withStates(
    host,
    ui,
    async () => {
      const [mine, first] = await Promise.all([
        apiGet<{ list: Exchange[] }>(`${V2}/stare/exchange/list`),
        apiGet<{ list: Announcement[]; total: number }>(`${V2}/notice/subscribe`, { page: 1, size }),
      ]);
      if (first.list.length === 0) {
        host.replaceChildren(
          el(
            'p',
            { className: 'muted', data: { testid: 'mine-empty' } },
            t(mine.list.length ? 'pushUi.mine.empty' : 'pushUi.mine.noSubscriptions'),
          ),
        );
        return;
      }
      const now = Date.now();
      const list = el('ul', { className: 'push-mine', data: { testid: 'mine-list' } });
      const add = (items: Announcement[]) =>
        list.append(
          ...items.map((a) =>
            el(
              'li',
              { data: { id: String(a.id) } },
              el('a', { href: `${ui.base}/announcement/${a.id}`, lang: contentLang(a.locale) }, a.title),
              el(
                'span',
                { className: 'muted meta' },
                el(
                  'a',
                  { href: `${ui.base}/announcements/${encodeURIComponent(a.exchange.name)}` },
                  a.exchange.displayName,
                ),
                ' · ',
                el(
                  'time',
                  { dateTime: a.publishedAt, title: formatDateTime(a.publishedAt, now) },
                  formatRelativeTime(a.publishedAt, now, ui.locale),
                ),
              ),
            ),
          ),
        );
      add(first.list);
      let page = 1;
      const more = button(t('pushUi.mine.more'), 'mine-more');
      const note = noteLine('mine-note');
      more.hidden = first.total <= size;
      more.addEventListener('click', async () => {
        more.disabled = true;
        try {
          const next = await apiGet<{ list: Announcement[]; total: number }>(`${V2}/notice/subscribe`, {
            page: page + 1,
            size,
          });
          page++;
          add(next.list);
          more.hidden = page * size >= next.total || next.list.length === 0;
          note.set('', '');
        } catch (e) {
          note.set('error', errorText(e, ui));
        } finally {
          more.disabled = false;
        }
      });
      host.replaceChildren(list, more, note.p);
    },
    'mine',
  );
}

/* ---------- this device's notifications ---------- */

export function mountNotify(host: HTMLElement, ui: Ui): Promise<void> {
  const { t } = ui;
  const box = el('div', { className: 'push-notify', data: { testid: 'notify' } });
  const text = el('p', { data: { testid: 'notify-state' } });
  const action = button('', 'notify-button', 'btn primary');
  const note = noteLine('notify-note');
  let device: typeof import('../../../../stores/pushDevice.ts');
  const show = (state: 'unsupported' | 'denied' | 'off' | 'enabled', dismissed = false) => {
    box.dataset.state = state;
    text.textContent = t(`pushUi.notify.${state}`);
    action.hidden = state === 'unsupported' || state === 'denied';
    action.textContent = t(state === 'enabled' ? 'pushUi.notify.disable' : 'pushUi.notify.enable');
    action.className = state === 'enabled' ? 'btn secondary' : 'btn primary';
    note.set('', dismissed ? t('pushUi.notify.dismissed') : state === 'enabled' ? t('pushUi.notify.followHint') : '');
  };
  action.addEventListener('click', async () => {
    const turningOn = box.dataset.state !== 'enabled';
    action.disabled = true;
    action.textContent = t(turningOn ? 'pushUi.notify.enabling' : 'pushUi.notify.disabling');
    try {
      const state = turningOn ? await device.enablePush() : await device.disablePush();
      show(state, turningOn && state === 'off');
    } catch (e) {
      show(box.dataset.state as 'off');
      // The API's refusals are in the reader's language; a browser's (push service down, …) is not, so it is quoted.
      note.set(
        'error',
        e instanceof ApiError
          ? errorText(e, ui)
          : t('pushUi.notify.failed', { reason: e instanceof Error && e.message ? e.message : String(e) }),
      );
    } finally {
      action.disabled = false;
    }
  });
  box.append(text, action, note.p);
  return withStates(
    host,
    ui,
    async () => {
      device = await import('../../../../stores/pushDevice.ts');
      show(await device.pushState());
      host.replaceChildren(box);
    },
    'notify',
  );
}

/* ---------- the private feed ---------- */

export function mountFeed(host: HTMLElement, ui: Ui): Promise<void> {
  const { t } = ui;
  const note = noteLine('feed-note');
  const status = el('p', { data: { testid: 'feed-status' } });
  const urls = el('div', { className: 'push-feed-urls', hidden: true, data: { testid: 'feed-urls' } });
  const create = button('', 'feed-create', 'btn primary');
  const revoke = button(t('pushUi.feed.revoke'), 'feed-revoke');
  const draw = (active: boolean, createdAt: string | null) => {
    status.textContent = active
      ? t('pushUi.feed.active', { date: createdAt ? formatDateTime(createdAt, Date.now()) : '' })
      : t('pushUi.feed.none');
    create.textContent = t(active ? 'pushUi.feed.rotate' : 'pushUi.feed.create');
    create.className = active ? 'btn secondary' : 'btn primary';
    create.dataset.active = active ? '1' : '';
    revoke.hidden = !active;
  };
  const urlRow = (format: 'rss' | 'atom', url: string) => {
    const label = t(`pushUi.feed.${format}`);
    const input = el('input', {
      type: 'text',
      readOnly: true,
      value: url,
      data: { testid: `feed-${format}` },
      attrs: { 'aria-label': label },
    });
    input.addEventListener('focus', () => input.select());
    const copy = button(t('pushUi.feed.copy'), `feed-copy-${format}`);
    copy.setAttribute('aria-label', t('pushUi.feed.copyLabel', { format: label }));
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(url);
        note.set('ok', t('pushUi.feed.copied'));
      } catch {
        input.focus();
        input.select();
        note.set('error', t('pushUi.feed.copyFailed'));
      }
    });
    return el('div', { className: 'push-row' }, el('span', { className: 'push-format' }, label), input, copy);
  };
  const busy = async (b: HTMLButtonElement, run: () => Promise<void>) => {
    b.disabled = true;
    note.set('', '');
    try {
      await run();
    } catch (e) {
      note.set('error', errorText(e, ui));
    } finally {
      b.disabled = false;
    }
  };
  create.addEventListener('click', () => {
    if (create.dataset.active && !confirm(t('pushUi.feed.confirmRotate'))) return;
    void busy(create, async () => {
      const made = await apiPost<{ rss: string; atom: string; createdAt: string }>('/new/v1/notice/feedToken', {});
      draw(true, made.createdAt);
      // The addresses themselves say a feed exists; "shown only when created" would confuse beside them.
      status.hidden = true;
      urls.replaceChildren(
        el('p', {}, t('pushUi.feed.created')),
        urlRow('rss', made.rss),
        urlRow('atom', made.atom),
        el('p', { className: 'push-warn', data: { testid: 'feed-secret' } }, t('pushUi.feed.secret')),
      );
      urls.hidden = false;
    });
  });
  revoke.addEventListener('click', () => {
    if (!confirm(t('pushUi.feed.confirmRevoke'))) return;
    void busy(revoke, async () => {
      await apiPost('/new/v1/notice/feedToken/revoke', {});
      draw(false, null);
      status.hidden = false;
      urls.replaceChildren();
      urls.hidden = true;
      note.set('ok', t('pushUi.feed.revoked'));
    });
  });
  return withStates(
    host,
    ui,
    async () => {
      const s = await apiGet<{ active: boolean; createdAt: string | null }>('/new/v1/notice/feedToken');
      draw(s.active, s.createdAt);
      host.replaceChildren(status, urls, el('div', { className: 'push-row' }, create, revoke), note.p);
    },
    'feed',
  );
}
