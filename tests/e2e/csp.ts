import type { Page } from '@playwright/test';

/**
 * Collects every Content-Security-Policy violation of the page from the first byte: Chromium
 * reports one both as a `securitypolicyviolation` event and as a console error.
 */
export async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (
      msg.type() === 'error' &&
      /Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(msg.text())
    )
      seen.push(msg.text());
  });
  return seen;
}
