/**
 * The alerts panel of the announcement pages for a signed-in reader (loaded by ./loader.ts):
 * the exchange toggle, and one section at a time below the buttons (./ui.ts, loaded on the
 * first press): the subscription editor, "my subscribed announcements" or this device's
 * notifications.
 */
import { createTranslator, toLocale, type Dict } from '../../../../lib/i18n/index.ts';
import { flipToggle, markToggle, showToggle, type Ui } from './toggle.ts';

const uis = new WeakMap<HTMLElement, Ui>();

function uiOf(panel: HTMLElement): Ui {
  let ui = uis.get(panel);
  if (!ui) {
    let dict: Dict = {};
    try {
      dict = JSON.parse(panel.dataset.dict ?? '{}') as Dict;
    } catch {
      /* keys show instead of words: still usable */
    }
    ui = {
      t: createTranslator(dict),
      base: panel.dataset.base ?? '',
      locale: toLocale(document.documentElement.dataset.locale) ?? 'en',
    };
    uis.set(panel, ui);
  }
  return ui;
}

function loading(ui: Ui, error?: string) {
  const p = document.createElement('p');
  p.className = error ? 'push-note error' : 'muted';
  if (error) p.setAttribute('role', 'alert');
  p.textContent = error ?? ui.t('pushUi.common.loading');
  return p;
}

const toggleOf = (panel: HTMLElement) => panel.querySelector<HTMLButtonElement>('button[data-push-toggle]');
const bodyOf = (panel: HTMLElement) => panel.querySelector<HTMLElement>('[data-push-body]')!;
const sections = (panel: HTMLElement) => [
  ...panel.querySelectorAll<HTMLButtonElement>('button[data-push-action][aria-expanded]'),
];

function say(panel: HTMLElement, kind: 'ok' | 'error', text: string) {
  const note = panel.querySelector<HTMLElement>('[data-push-note]');
  if (!note) return;
  note.className = `push-note ${kind}`;
  note.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  note.textContent = text;
}

function close(panel: HTMLElement) {
  for (const b of sections(panel)) b.setAttribute('aria-expanded', 'false');
  const body = bodyOf(panel);
  body.hidden = true;
  body.replaceChildren();
}

/** Signed in: the toggle shows the reader's subscription; signed out: the panel as a visitor sees it. */
export function followSession(panel: HTMLElement, signedIn: boolean): void {
  const toggle = toggleOf(panel);
  if (!signedIn) {
    close(panel);
    toggle?.setAttribute('aria-pressed', 'false');
    return;
  }
  if (toggle) void markToggle(toggle).catch((e: unknown) => console.error('[alerts]', e));
}

export function act(panel: HTMLElement, button: HTMLButtonElement): void {
  const ui = uiOf(panel);
  const action = button.dataset.pushAction;
  if (action === 'toggle') {
    void flipToggle(button, ui, (kind, text) => say(panel, kind, text));
    return;
  }
  const open = button.getAttribute('aria-expanded') === 'true';
  close(panel);
  if (open) return;
  button.setAttribute('aria-expanded', 'true');
  const body = bodyOf(panel);
  body.hidden = false;
  const toggle = toggleOf(panel);
  body.replaceChildren(loading(ui));
  void import('./ui.ts')
    .then((m) => {
      if (button.getAttribute('aria-expanded') !== 'true') return; // closed meanwhile
      if (action === 'edit') void m.mountEditor(body, ui, (names) => toggle && showToggle(toggle, names));
      else if (action === 'mine') void m.mountMine(body, ui);
      else if (action === 'notify') void m.mountNotify(body, ui);
    })
    .catch(() => body.replaceChildren(loading(ui, ui.t('pushUi.common.network'))));
}
