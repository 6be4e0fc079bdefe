// Two-factor sign-in in the browser (issue 26): enrolling an authenticator app in the user
// centre (QR code and key, a confirming code, the recovery codes shown once), the login dialog's
// second step (a wrong code refused in the reader's language, the app's code accepted), and
// turning it off with the password and a recovery code. The app is played by otpauth, from the
// key the page shows.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { axe } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { signature } from '../../src/lib/signature.ts';

const strings = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${file}`, import.meta.url), 'utf8')) as Record<
    string,
    Record<string, Record<string, unknown>>
  >;
const PASSWORD = 'two-factor-pass-1';

const appCode = (secret: string, offsetS = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetS * 1000,
  });

async function register(page: Page, lan: string): Promise<string> {
  const name = `tf_${Date.now().toString(36).slice(-6)}${randomInt(1e3, 1e4)}`;
  const t = await signature(Date.now(), 'coinlens');
  const res = await page.request.post(`/api/new/v1/register?t=${t}&lan=${lan}`, {
    data: { userName: name, email: `${name}@example.com`, password: PASSWORD },
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
  return name;
}

for (const L of [
  { prefix: '', lan: 'en' },
  { prefix: '/zh', lan: 'zh' },
] as const) {
  const acc = strings(`account/${L.lan}.json`).account! as Record<string, Record<string, string>>;
  const auth = strings(`auth/${L.lan}.json`).auth! as Record<string, Record<string, string>>;
  const tf = acc.twoFactor!;
  const loginTf = (acc.login as unknown as Record<string, Record<string, string>>).twoFactor!;

  test(`two-factor sign-in in ${L.prefix || '/en'}: enrol, sign in with the app's code, turn off`, async ({ page }) => {
    const name = await register(page, L.lan);
    await page.goto(`${L.prefix}/user#security`);
    const panel = page.getByTestId('two-factor');
    await expect(page.getByTestId('two-factor-status')).toHaveText(tf.statusOff!);

    await panel.getByTestId('two-factor-password').fill(PASSWORD);
    await panel.getByTestId('two-factor-setup').click();
    await expect(panel.locator('.two-factor-qr svg')).toBeVisible();
    const secret = (await panel.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const results = await axe(page).include('[data-testid="two-factor"]').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await panel.getByTestId('two-factor-code').fill(appCode(secret));
    await panel.getByTestId('two-factor-enable').click();
    const codes = page.getByTestId('recovery-codes').locator('li code');
    await expect(codes).toHaveCount(10);
    const recovery = await codes.allTextContents();
    await page.getByTestId('recovery-codes-done').click();
    await expect(page.getByTestId('two-factor-status')).toContainText('10');

    // Signed out, the password alone now leads to the second step.
    await page.getByTestId('account-menu').locator('summary').click();
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('header-login')).toBeVisible();
    await page.goto(`${L.prefix}/news`);
    await page.getByTestId('header-login').click();
    const dialog = page.getByTestId('login-dialog');
    await dialog.getByTestId('login-account').fill(name);
    await dialog.getByTestId('login-password').fill(PASSWORD);
    await dialog.getByTestId('login-submit').click();
    const step = dialog.getByTestId('login-second-factor');
    await expect(step.getByRole('heading')).toHaveText(loginTf.title!);
    await expect(step.getByTestId('login-second-code')).toBeFocused();
    await step.getByTestId('login-second-code').fill('000000');
    await step.getByTestId('login-second-submit').click();
    await expect(dialog.getByTestId('login-note')).toHaveText(auth.twoFactor!.codeWrong!);
    // The code that turned it on was spent: the app's next one.
    await step.getByTestId('login-second-code').fill(appCode(secret, 30));
    await step.getByTestId('login-second-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('account-menu')).toBeVisible();

    // Off again, with the password and a recovery code.
    await page.goto(`${L.prefix}/user#security`);
    await expect(page.getByTestId('two-factor-status')).toContainText('10');
    await panel.getByTestId('two-factor-password').fill(PASSWORD);
    await panel.getByTestId('two-factor-code').fill(recovery[0]!);
    await panel.getByTestId('two-factor-disable').click();
    await expect(page.getByTestId('two-factor-status')).toHaveText(tf.statusOff!);
  });
}

// Passkeys need a host name (a relying party is never an IP address): these pages are opened at
// localhost, Chromium's virtual authenticator playing the reader's phone.
for (const L of [
  { prefix: '', lan: 'en' },
  { prefix: '/zh', lan: 'zh' },
] as const) {
  const acc = strings(`account/${L.lan}.json`).account! as Record<string, Record<string, string>>;

  test(`passkeys in ${L.prefix || '/en'}: add one in the user centre, sign in with it, remove it`, async ({
    page,
    baseURL,
  }) => {
    const site = baseURL!.replace('127.0.0.1', 'localhost');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const name = `pk_${Date.now().toString(36).slice(-6)}${randomInt(1e3, 1e4)}`;
    const t = await signature(Date.now(), 'coinlens');
    const res = await page.request.post(`${site}/api/new/v1/register?t=${t}&lan=${L.lan}`, {
      data: { userName: name, email: `${name}@example.com`, password: PASSWORD },
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);

    await page.goto(`${site}${L.prefix}/user#security`);
    const section = page.getByTestId('passkeys');
    await expect(section.getByRole('heading')).toHaveText(acc.passkeys!.title!);
    await expect(section).toContainText(acc.passkeys!.none!);
    await section.getByTestId('passkey-name').fill('Test phone');
    await section.getByTestId('passkey-password').fill(PASSWORD);
    await section.getByTestId('passkey-add-submit').click();
    await expect(section.getByTestId('passkey-list').locator('li')).toHaveCount(1);
    await expect(section.getByTestId('passkey-list')).toContainText('Test phone');
    await expect(section.getByTestId('passkey-list')).toContainText(acc.passkeys!.never!);

    await page.getByTestId('account-menu').locator('summary').click();
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('header-login')).toBeVisible();
    await page.goto(`${site}${L.prefix}/news`);
    await page.getByTestId('header-login').click();
    const dialog = page.getByTestId('login-dialog');
    await expect(dialog.getByTestId('login-passkey')).toHaveText(
      (acc.login as unknown as Record<string, string>).passkey!,
    );
    await dialog.getByTestId('login-passkey').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('account-name')).toHaveText(name);

    await page.goto(`${site}${L.prefix}/user#security`);
    await expect(section.getByTestId('passkey-list')).not.toContainText(acc.passkeys!.never!);
    await section.getByTestId('passkey-list').getByRole('button').click();
    await expect(section).toContainText(acc.passkeys!.none!);
  });
}
