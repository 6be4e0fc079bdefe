/**
 * SPEC §7 "Account (v1)" for the signed-in reader: the password, the profile (names, colours,
 * avatar), the binding of a phone or an e-mail address, and signing out.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AVATAR_MAX_BYTES, AvatarError, saveAvatar } from './avatar.server.ts';
import * as accounts from './profile.server.ts';
import { userById, userView } from './account.server.ts';
import { account, body, type C, caller, keepColours, keepSession, me, phoneQ, smallBody, str } from './routes.ts';
import { clearedSessionCookies, deviceCookie } from '../../../server/auth/cookies.ts';
import { revokeSession } from '../../../server/auth/tokens.ts';
import { codeOf, emailOf, invalid, nicknameOf, passwordOf, phoneOf, userNameOf } from './rules.ts';
import { DomainError } from '../../../server/api/errors.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { isHttps } from '../../../server/api/middleware/sameSite.ts';
import { done, fail } from '../../../server/api/respond.ts';
import { z } from 'zod';
import { RISE_FALL_SCHEMES } from '../../../lib/riseFall.ts';

/** The body of POST user/preferences: a scheme, or null for the language's convention. */
const preferencesBody = z
  .object({
    colours: z
      .enum(RISE_FALL_SCHEMES)
      .nullable()
      .describe('red-up, green-up, blue-orange (colour-blind safe), or null: follow the language'),
  })
  .strict();

/** SPEC §7 "Account (v1)": the signed-in reader's own account. */
export const profileRoutes = new Hono<ApiEnv>()
  .basePath('/new/v1')
  .post(
    '/changePwd',
    account('Change the password; other sessions end', { body: z.object({ oldPassword: str, newPassword: str }) }),
    requireAuth,
    smallBody,
    async (c) => {
      const b = await body(c);
      const oldPassword = typeof b.oldPassword === 'string' && b.oldPassword.length <= 1024 ? b.oldPassword : '';
      const device = await accounts.changePassword(c.get('db'), me(c).id, me(c).sessionId, {
        oldPassword,
        newPassword: passwordOf(b.newPassword),
      });
      // The device cookies of the old password stop counting; this browser gets one for the new.
      c.header('Set-Cookie', await deviceCookie(c.get('db'), device, isHttps(c)), { append: true });
      // This session stays; an API client gets its token back so it may store whatever it gets (a
      // browser's token stays in its HttpOnly cookie, out of page scripts' reach).
      return done(c, { token: c.get('via') === 'header' ? c.get('token') : null }, 'auth.passwordChanged');
    },
  )
  .post(
    '/user/confirmPassword',
    account(
      'Confirm the current password (and, with two-factor sign-in on, a code from the app or a recovery code) before changing the e-mail or the phone; answers a new session (this one ends)',
      { body: z.object({ password: str, code: str.optional() }) },
    ),
    requireAuth,
    smallBody,
    async (c) => {
      const b = await body(c);
      const password = typeof b.password === 'string' && b.password.length <= 1024 ? b.password : '';
      const code = typeof b.code === 'string' ? b.code : '';
      return done(
        c,
        await keepSession(c, await accounts.confirmPassword(c.get('db'), caller(c), me(c), password, code)),
        'auth.passwordConfirmed',
      );
    },
  )
  .get('/getUser', account('The signed-in user'), requireAuth, async (c) =>
    done(c, userView(await userById(c.get('db'), me(c).id))),
  )
  .post(
    '/updateUserInfo',
    account('Change nickname or user name', { body: z.object({ nickname: str.optional(), userName: str.optional() }) }),
    requireAuth,
    smallBody,
    async (c) => {
      const b = await body(c);
      const input = {
        nickname: b.nickname === undefined ? undefined : nicknameOf(b.nickname),
        userName: b.userName === undefined ? undefined : userNameOf(b.userName),
      };
      return done(c, await accounts.updateProfile(c.get('db'), me(c).id, input));
    },
  )
  .post(
    '/user/preferences',
    account('Save display preferences: the rise/fall colours', { body: preferencesBody }),
    requireAuth,
    smallBody,
    async (c) => {
      const parsed = preferencesBody.safeParse(await body(c));
      if (!parsed.success) throw invalid('invalidInput');
      return done(c, keepColours(c, await accounts.setColours(c.get('db'), me(c).id, parsed.data.colours)));
    },
  )
  .post(
    '/upload',
    account('Upload an avatar (JPEG or PNG, at most 2 MB; a few an hour)', {
      form: z.object({ file: str.describe('The picture (binary)') }),
    }),
    requireAuth,
    // The multipart envelope around a 2 MB picture; anything larger is refused before it is read whole.
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES + 64 * 1024,
      onError: (c) => fail(c as C, 413, 4131, (c as C).get('t')('auth.avatarSize')),
    }),
    async (c) => {
      let file: unknown;
      try {
        file = (await c.req.formData()).get('file');
      } catch {
        throw invalid('avatarType');
      }
      if (!(file instanceof File)) throw invalid('avatarType');
      if (file.size > AVATAR_MAX_BYTES) throw new DomainError(413, 4131, 'auth.avatarSize');
      let url: string;
      try {
        // A few decodes per account (each costs memory and a thread), counted once the magic bytes passed.
        url = await saveAvatar(c.get('db'), new Uint8Array(await file.arrayBuffer()), () =>
          accounts.allowAvatarDecode(c.get('db'), me(c).id),
        );
      } catch (e) {
        if (e instanceof AvatarError)
          throw e.reason === 'size' ? new DomainError(413, 4131, 'auth.avatarSize') : invalid('avatarType');
        throw e;
      }
      return done(c, await accounts.setAvatar(c.get('db'), me(c).id, url));
    },
  )
  .get(
    '/user/sendSMS4Binding',
    account('Send a code to bind a phone (needs a fresh sign-in: user/confirmPassword)', { query: phoneQ }),
    requireAuth,
    async (c) => {
      await accounts.sendBindingCode(c.get('db'), caller(c), me(c), phoneOf(c.req.query('phone')));
      return done(c, null, 'auth.codeSent');
    },
  )
  .get(
    '/user/bindingPhone',
    account('Bind a phone with its code (fresh sign-in); the old phone is told', {
      query: z.object({ phone: str, code: str }),
    }),
    requireAuth,
    async (c) =>
      done(
        c,
        await accounts.bindPhone(c.get('db'), caller(c), me(c), {
          phone: phoneOf(c.req.query('phone')),
          code: codeOf(c.req.query('code')),
        }),
      ),
  )
  .get(
    '/user/getMailCode',
    account('Send a code to bind an e-mail address (needs a fresh sign-in: user/confirmPassword)', {
      query: z.object({ email: str }),
    }),
    requireAuth,
    async (c) => {
      await accounts.sendMailCode(c.get('db'), caller(c), me(c), emailOf(c.req.query('email')));
      return done(c, null, 'auth.codeSent');
    },
  )
  .get(
    '/user/bindingMail',
    account(
      'Bind an e-mail address with its code (fresh sign-in); the old address is told, every session ends and a new one starts',
      { query: z.object({ email: str, code: str }) },
    ),
    requireAuth,
    async (c) =>
      done(
        c,
        await keepSession(
          c,
          await accounts.bindEmail(c.get('db'), caller(c), me(c), {
            email: emailOf(c.req.query('email')),
            code: codeOf(c.req.query('code')),
          }),
        ),
      ),
  )
  .post(
    '/logout',
    account("Sign out: this session ends (and the browser's session cookies go)"),
    requireAuth,
    async (c) => {
      await revokeSession(c.get('db'), me(c).sessionId);
      for (const cookie of clearedSessionCookies(isHttps(c))) c.header('Set-Cookie', cookie, { append: true });
      return done(c, null, 'auth.loggedOut');
    },
  );
