/**
 * HTML validity: the Nu HTML Checker (vnu, from the `vnu-jar` package, on Java) finds no error in
 * one page of every page family (families.ts, error pages included) in English, the main ones also
 * in Chinese and Korean, nor in the signed-out account forms and login dialog, the signed-in user
 * centre and watchlist and the open quick search as the browser draws them.
 * Every page is checked by one run of the checker (one JVM start).
 *
 * Without `java` the test is skipped with a message, except in CI (`CI` set), where it fails:
 * `.ci/run` installs Debian's `default-jre-headless`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signature } from '../../src/lib/signature.ts';
import { FAMILIES, type Family } from './families.ts';

const LOCALES = [
  { prefix: '', all: true },
  { prefix: '/zh', all: false },
  { prefix: '/ko', all: false },
];

/** One document to check: what it is (for the report) and its markup. */
interface Doc {
  label: string;
  html: string;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const javaAvailable = () => !spawnSync('java', ['-version'], { stdio: 'ignore' }).error;

/** The path of a family's page without prefix: a fixed one, or the first matching link of its list page. */
async function familyPath(request: APIRequestContext, prefix: string, f: Family): Promise<string> {
  if ('path' in f) return f.path;
  const html = await (await request.get(`${prefix}${f.list}`)).text();
  const main = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
  const found = [...main.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)]
    .map((m) => new URL(m[1]!.replace(/&amp;/g, '&'), 'http://x').pathname.slice(prefix.length))
    .find((p) => f.detail.test(p));
  expect(found, `a link matching ${f.detail} on ${prefix}${f.list}`).toBeTruthy();
  return found! + (f.suffix ?? '');
}

/** Runs vnu once over every document; its error messages. */
async function vnu(docs: Doc[]): Promise<VnuMessage[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-vnu-'));
  try {
    const files = docs.map((d, i) => {
      const file = path.join(dir, `${String(i).padStart(3, '0')}.html`);
      fs.writeFileSync(file, d.html);
      return file;
    });
    // The package exports the jar's path; its Java downloader is never run (package.json allowScripts).
    const jar = String(createRequire(import.meta.url)('vnu-jar'));
    const out = await new Promise<string>((resolve, reject) => {
      // The serial collector: on two shared cores the parallel one's threads only compete.
      const child = spawn(
        'java',
        [
          '-XX:+UseSerialGC',
          '-jar',
          jar,
          '--format',
          'json',
          '--errors-only',
          '--exit-zero-always',
          '--no-langdetect',
          '--stdout',
          ...files,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`vnu exited with ${code}`))));
    });
    const { messages } = JSON.parse(out) as { messages: VnuMessage[] };
    const byFile = new Map(files.map((f, i) => [`file:${f}`, docs[i]!.label]));
    return messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => ({ ...m, url: byFile.get(m.url ?? '') ?? m.url }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Registers a reader and signs the page's browser in; the session token. */
async function signIn(page: Page, baseURL: string): Promise<string> {
  const t = await signature(Date.now(), 'coinlens');
  const name = `vnu_${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1e4)}`;
  const res = await page.request.post(`/api/new/v1/register?t=${t}&lan=en`, {
    data: { userName: name, email: `${name}@example.com`, password: 'valid-pass-1' },
  });
  const body = (await res.json()) as { code: number; data: { token?: string } | null; msg: string };
  expect(body.code, body.msg).toBe(0);
  const token = body.data?.token ?? '';
  if (token && !(await page.context().cookies()).some((c) => c.name === 'jwt'))
    await page.context().addCookies([{ name: 'jwt', value: token, url: baseURL }]);
  return token;
}

/** The document as the browser has drawn it. */
const drawn = async (page: Page) => page.content();

test('the Nu HTML Checker finds no error on any page family', async ({ request, page, baseURL }) => {
  test.setTimeout(300_000);
  if (!javaAvailable()) {
    if (process.env.CI)
      throw new Error('java is missing: CI must run the HTML checker (.ci/run installs default-jre-headless)');
    test.skip(true, 'java is missing, so the HTML checker cannot run here (apt-get install default-jre-headless)');
  }
  const started = Date.now();
  const docs: Doc[] = [];
  for (const { prefix, all } of LOCALES) {
    const families = FAMILIES.filter((f) => all || f.main);
    // A few at a time: the server renders on the same two cores as the other specs.
    for (let i = 0; i < families.length; i += 4) {
      const batch = await Promise.all(
        families.slice(i, i + 4).map(async (f) => {
          const target = `${prefix}${await familyPath(request, prefix, f)}`;
          const res = await request.get(target, { failOnStatusCode: false, maxRedirects: 0 });
          expect(res.status(), target).toBe(f.status ?? 200);
          return { label: `${f.name} (${target})`, html: await res.text() };
        }),
      );
      docs.push(...batch);
    }
  }

  // The edge rule's error pages: a query with a control character (400), a method pages do not take (405).
  for (const [target, method, status] of [
    ['/news?q=%00', 'GET', 400],
    ['/zh/coin/bitcoin', 'PUT', 405],
  ] as const) {
    const res = await request.fetch(target, { method, failOnStatusCode: false });
    expect(res.status(), `${method} ${target}`).toBe(status);
    docs.push({ label: `${status} page (${method} ${target})`, html: await res.text() });
  }

  // Signed out: the account forms' tabs and their panels, as the islands draw them.
  for (const [target, testId] of [
    ['/user/register', 'register'],
    ['/user/forgot', 'forgot'],
  ] as const) {
    await page.goto(target);
    await expect(page.getByTestId(testId).getByRole('tabpanel')).toBeVisible();
    docs.push({ label: `${target}, signed out (as drawn)`, html: await drawn(page) });
  }
  await page.getByTestId('header-login').click();
  await expect(page.getByTestId('login-dialog').getByRole('tabpanel')).toBeVisible();
  docs.push({ label: 'login dialog open (as drawn)', html: await drawn(page) });

  // Signed in: the user centre and a watchlist with coins and an exchange, as the islands draw them.
  const token = await signIn(page, baseURL!);
  const t = await signature(Date.now(), 'coinlens');
  const headers = { Authorization: `Bearer ${token}` };
  for (const [kind, ids] of [
    ['coin', ['bitcoin', 'ethereum']],
    ['exchange', ['binance']],
  ] as const) {
    const saved = await page.request.post(`/api/new/v1/favorite/${kind}/saveMore?t=${t}&lan=en`, {
      data: { ids },
      headers,
    });
    expect(((await saved.json()) as { code: number }).code).toBe(0);
  }
  await page.goto('/watchlist');
  await expect(page.getByTestId('watchlist-coin').locator('tbody tr')).toHaveCount(2);
  docs.push({ label: 'watchlist, signed in (as drawn)', html: await drawn(page) });
  for (const tab of ['profile', 'favourites']) {
    await page.goto(`/user#${tab}`);
    await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    docs.push({ label: `user centre, signed in, ${tab} (as drawn)`, html: await drawn(page) });
  }
  // The header's quick search open on its results (the combobox and its listbox).
  await page.goto('/');
  await page.getByTestId('quick-search-input').fill('btc');
  await expect(page.getByTestId('quick-search-results').getByRole('option').first()).toBeVisible();
  docs.push({ label: 'quick search open (as drawn)', html: await drawn(page) });
  const fetched = Date.now();

  const errors = await vnu(docs);
  console.log(
    `vnu: ${docs.length} documents fetched in ${((fetched - started) / 1000).toFixed(1)} s, checked in ${((Date.now() - fetched) / 1000).toFixed(1)} s`,
  );
  expect(
    errors.map(
      (e) =>
        `${e.url}:${e.lastLine}: ${e.message}${e.extract ? ` [${e.extract.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`,
    ),
  ).toEqual([]);
});
