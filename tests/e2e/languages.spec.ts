// Languages a reader sees (issue 22 §4): server messages on Traditional Chinese pages, Korean line
// breaking, and content shown in another language than the page's, which says so.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const strings = (file: string) => JSON.parse(readFileSync(new URL(`../../locales/${file}`, import.meta.url), 'utf8')) as Record<string, Record<string, unknown>>;

test('a zh-hk page shows a server message in Traditional characters (the browser sends lan=zh)', async ({ page }) => {
  const auth = strings('auth/zh-hk.json').auth as Record<string, string>;
  const lans: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/new/v1/login')) lans.push(new URL(r.url()).searchParams.get('lan') ?? '');
  });
  await page.goto('/zh-hk/user');
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  await page.getByTestId('login-account').fill('nobody-at-all');
  await page.getByTestId('login-password').fill('wrong-pass');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-note')).toHaveText(auth.loginFailed!);
  await expect(page.getByTestId('login-note')).toHaveText('賬號或密碼錯誤。');
  expect(lans).toEqual(['zh']);
});
