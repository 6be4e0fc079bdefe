/**
 * A modal dialog opened from a link of a server-rendered page (the coin header's "Add to
 * portfolio" and "Price alert"): React mounted on the first click, one dialog at a time, its
 * words from the link's `data-dict`, focus given back to the link when it closes.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createTranslator, type Dict } from '../lib/i18n/index.ts';
import './linkDialog.css';

export type Translate = ReturnType<typeof createTranslator>;
let open = false;

export function openLinkDialog(
  link: HTMLElement,
  props: { className: string; titleId: string; testId: string },
  body: (t: Translate, close: () => void) => ReactNode,
): void {
  if (open) return;
  open = true;
  let dict: Dict = {};
  try {
    dict = JSON.parse(link.dataset.dict ?? '{}') as Dict;
  } catch {
    /* keys show instead of words: still usable */
  }
  const t = createTranslator(dict);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const closed = () => {
    root.unmount();
    host.remove();
    open = false;
    link.focus();
  };
  flushSync(() => root.render(<LinkDialog {...props} onClosed={closed} body={(close) => body(t, close)} />));
}

function LinkDialog({
  className,
  titleId,
  testId,
  onClosed,
  body,
}: {
  className: string;
  titleId: string;
  testId: string;
  onClosed: () => void;
  body: (close: () => void) => ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Before the body's own effects (which may move focus inside it): showModal focuses the first control.
  useLayoutEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={`link-dialog ${className}`}
      aria-labelledby={titleId}
      onClose={onClosed}
      data-testid={testId}
    >
      {body(() => dialog.current?.close())}
    </dialog>
  );
}
