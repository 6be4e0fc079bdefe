import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  avatarUrl,
  checkAvatarFile,
  checkCode,
  checkEmail,
  checkNickname,
  checkPassword,
  checkUserName,
  type AccountUser,
} from '../../../../lib/account.ts';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import { ApiError, apiCall, apiUpload } from '../../../../stores/api.ts';
import Bookmarks from './Bookmarks.tsx';
import Interests from './Interests.tsx';
import { login, openLogin, refreshProfile, renewed, setUser, startSession } from '../../../../stores/session.ts';
import NotificationsTab from '../../notifications/client/NotificationsTab.tsx';
import {
  Field,
  Form,
  FormNote,
  PhoneField,
  SendCodeButton,
  Tabs,
  tabId,
  usePhone,
  useProblems,
  useSession,
  useSubmit,
  type T,
} from './fields.tsx';
import WatchlistTab from '../../watchlist/client/WatchlistTab.tsx';

interface Props {
  locale: Locale;
  base: string;
  dict: Dict;
}

const TABS = [
  'profile',
  'favourites',
  'password',
  'phone',
  'email',
  'interests',
  'bookmarks',
  'notifications',
] as const;
/** The id of the one panel the tabs show. */
const PANEL = 'user-centre-panel';
type Tab = (typeof TABS)[number];

/**
 * The user centre (SPEC §2): profile (avatar with preview, nickname, user name), password
 * change, phone and e-mail binding, and the activation banner while the e-mail is not
 * confirmed. The page around it is the same for everyone; all of this comes from the session.
 * Favourites and interests join as tabs when they work (the next issue).
 */
export default function UserCentre({ locale, base, dict }: Props) {
  const t = createTranslator(dict);
  const session = useSession();
  const [tab, setTab] = useState<Tab>('profile');

  useEffect(() => {
    // The tab follows the address: /user#bookmarks opens it, also from a link on this page.
    const fromHash = () => {
      const key = location.hash.slice(1) as Tab;
      if (TABS.includes(key)) setTab(key);
    };
    fromHash();
    addEventListener('hashchange', fromHash);
    // The account page shows the profile as it is now (activated since, changed elsewhere).
    void startSession().then(() => refreshProfile());
    return () => removeEventListener('hashchange', fromHash);
  }, []);

  useEffect(() => {
    // A visitor (or a session the server refused) gets the login dialog.
    if (!session.isLogin) openLogin();
  }, [session.isLogin]);

  if (!session.isLogin)
    return (
      <div className="acc-result" data-testid="centre-signed-out">
        <p>{t('account.centre.signedOut')}</p>
        <button type="button" className="btn primary" data-login>
          {t('account.header.login')}
        </button>
      </div>
    );
  const user = session.user;
  if (!user) return <p className="muted">{t('account.common.loading')}</p>;

  const choose = (k: Tab) => {
    setTab(k);
    history.replaceState(history.state, '', `#${k}`);
  };

  return (
    <div data-testid="user-centre">
      {user.email && !user.emailVerified && <ActivationBanner t={t} />}
      <Tabs
        label={t('account.centre.tabs')}
        tabs={TABS.map((key) => ({ key, label: t(`account.centre.tab${key[0]!.toUpperCase()}${key.slice(1)}`) }))}
        active={tab}
        onChange={choose}
        panel={PANEL}
      />
      <div role="tabpanel" id={PANEL} aria-labelledby={tabId(PANEL, tab)}>
        {tab === 'profile' && <Profile t={t} user={user} base={base} />}
        {tab === 'favourites' && <WatchlistTab dict={dict} base={base} />}
        {tab === 'password' && <ChangePassword t={t} />}
        {tab === 'phone' && <BindPhone t={t} locale={locale} user={user} />}
        {tab === 'email' && <BindEmail t={t} user={user} />}
        {tab === 'interests' && <Interests t={t} locale={locale} base={base} />}
        {tab === 'bookmarks' && <Bookmarks t={t} locale={locale} base={base} />}
        {tab === 'notifications' && <NotificationsTab t={t} base={base} locale={locale} />}
      </div>
    </div>
  );
}

function ActivationBanner({ t }: { t: T }) {
  const { busy, note, run } = useSubmit();
  return (
    <div className="acc-banner" role="status" data-testid="activation-banner">
      <span>{t('account.centre.activationBanner')}</span>
      <button
        type="button"
        className="btn secondary"
        disabled={busy}
        onClick={() =>
          void run(
            async () => ({
              kind: 'ok',
              text: (await apiCall('GET', '/new/v1/sendMailByActive')).msg || t('account.centre.activationSent'),
            }),
            t,
          )
        }
        data-testid="resend-activation"
      >
        {t('account.centre.resendActivation')}
      </button>
      {note && <FormNote note={note} testId="activation-note" />}
    </div>
  );
}

function Profile({ t, user, base }: { t: T; user: AccountUser; base: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useSubmit();
  const [nickname, setNickname] = useState(user.nickname ?? '');
  const [userName, setUserName] = useState(user.userName);
  const save = useSubmit();
  const { problems, check } = useProblems(t);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    upload.setNote(null);
    setFile(null);
    setPreview(null);
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    setFileProblem(problem && t(`account.validation.${problem}`));
    if (problem) return;
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const send = () =>
    upload.run(async () => {
      if (!file) return;
      const form = new FormData();
      form.append('file', file);
      setUser(await apiUpload<AccountUser>('/new/v1/upload', form));
      setFile(null);
      setPreview(null);
      if (input.current) input.current.value = '';
      return { kind: 'ok', text: t('account.centre.uploaded') };
    }, t);

  const submit = () => {
    const changes: Record<string, string> = {};
    if (nickname.trim() !== (user.nickname ?? '')) changes.nickname = nickname.trim();
    if (userName.trim() !== user.userName) changes.userName = userName.trim();
    if (
      !check({
        nickname: 'nickname' in changes ? checkNickname(changes.nickname!) : null,
        userName: 'userName' in changes ? checkUserName(changes.userName!) : null,
      })
    )
      return;
    return save.run(async () => {
      if (Object.keys(changes).length === 0) return { kind: 'ok', text: t('account.centre.saved') };
      const { data } = await apiCall<AccountUser>('POST', '/new/v1/updateUserInfo', { body: changes });
      setUser(data);
      return { kind: 'ok', text: t('account.centre.saved') };
    }, t);
  };

  return (
    <div className="centre-grid">
      <section aria-labelledby="avatar-h">
        <h2 id="avatar-h">{t('account.centre.avatar')}</h2>
        <div className="avatar-row">
          <img
            className="avatar-big"
            src={avatarUrl(user)}
            alt={t('account.centre.avatar')}
            width={96}
            height={96}
            data-testid="current-avatar"
          />
          {preview && (
            <img
              className="avatar-big"
              src={preview}
              alt={t('account.centre.avatarPreview')}
              width={96}
              height={96}
              data-testid="avatar-preview"
            />
          )}
        </div>
        <div className="acc-form">
          <div className="field">
            <label htmlFor="avatar-file">{t('account.centre.chooseAvatar')}</label>
            <input
              ref={input}
              id="avatar-file"
              type="file"
              accept="image/jpeg,image/png"
              onChange={pick}
              aria-describedby="avatar-hint"
              aria-invalid={fileProblem ? true : undefined}
              data-testid="avatar-file"
            />
            <small id="avatar-hint" className="hint">
              {t('account.centre.avatarHint')}
            </small>
            {fileProblem && (
              <small className="field-error" role="alert" data-testid="avatar-problem">
                {fileProblem}
              </small>
            )}
          </div>
          <FormNote note={upload.note} testId="avatar-note" />
          <button
            type="button"
            className="btn primary"
            disabled={!file || upload.busy}
            onClick={() => void send()}
            data-testid="avatar-upload"
          >
            {upload.busy ? t('account.common.saving') : t('account.centre.upload')}
          </button>
        </div>
      </section>
      <section aria-labelledby="profile-h">
        <h2 id="profile-h">{t('account.centre.tabProfile')}</h2>
        <Form onSubmit={submit} busy={save.busy} testId="profile-form">
          <Field
            label={t('account.common.nickname')}
            value={nickname}
            maxLength={30}
            onChange={(e) => setNickname(e.target.value)}
            error={problems.nickname}
            testId="profile-nickname"
          />
          <Field
            label={t('account.common.userName')}
            hint={t('account.common.userNameHint')}
            autoComplete="username"
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
            error={problems.userName}
            testId="profile-username"
          />
          <FormNote note={save.note} testId="profile-note" />
          <button type="submit" className="btn primary" disabled={save.busy} data-testid="profile-save">
            {save.busy ? t('account.common.saving') : t('account.common.save')}
          </button>
        </Form>
        <dl className="facts">
          <dt>{t('account.centre.invitationCode')}</dt>
          <dd className="num" data-testid="invitation-code">
            {user.invitationCode}
          </dd>
        </dl>
        <p>
          <a href={`${base}/user/${encodeURIComponent(user.userName)}`} data-testid="public-page-link">
            {t('account.centre.publicPage')}
          </a>
        </p>
      </section>
    </div>
  );
}

function ChangePassword({ t }: { t: T }) {
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, note, run } = useSubmit();
  const { problems, check } = useProblems(t);
  const submit = () => {
    if (
      !check({
        old: oldPassword ? null : 'required',
        password: checkPassword(password),
        confirm: checkPassword(password, confirm) === 'passwordMatch' && 'passwordMatch',
      })
    )
      return;
    return run(async () => {
      // The server signs the other sessions out; this browser's session (its cookies) stays.
      const { msg } = await apiCall('POST', '/new/v1/changePwd', { body: { oldPassword, newPassword: password } });
      setOld('');
      setPassword('');
      setConfirm('');
      return { kind: 'ok', text: msg || t('account.centre.passwordChanged') };
    }, t);
  };
  return (
    <Form onSubmit={submit} busy={busy} testId="password-form">
      <Field
        label={t('account.centre.oldPassword')}
        type="password"
        autoComplete="current-password"
        value={oldPassword}
        onChange={(e) => setOld(e.target.value)}
        error={problems.old}
        testId="password-old"
      />
      <Field
        label={t('account.common.newPassword')}
        hint={t('account.common.passwordHint')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problems.password}
        testId="password-new"
      />
      <Field
        label={t('account.common.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={problems.confirm}
        testId="password-confirm"
      />
      <FormNote note={note} testId="password-note" />
      <button type="submit" className="btn primary" disabled={busy} data-testid="password-submit">
        {t('account.centre.changePassword')}
      </button>
    </Form>
  );
}

/**
 * Runs a change that needs a fresh sign-in (a new phone or e-mail: the server asks for the
 * password again when the session is older than a few minutes, code 4031), confirming the
 * current password first when the server asks for it. The confirmation begins a new session:
 * its cookies replace this one's.
 */
async function withFreshSignIn<R>(password: string, change: () => Promise<R>): Promise<R> {
  try {
    return await change();
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 4031)) throw e;
    await apiCall('POST', '/new/v1/user/confirmPassword', { body: { password } });
    renewed();
    return change();
  }
}

/** The current password, asked by the forms that move the account to a new phone or e-mail. */
function CurrentPassword({
  t,
  value,
  onChange,
  error,
  testId,
}: {
  t: T;
  value: string;
  onChange: (v: string) => void;
  error: string | null | undefined;
  testId: string;
}) {
  return (
    <Field
      label={t('account.centre.currentPassword')}
      hint={t('account.centre.currentPasswordHint')}
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      testId={testId}
    />
  );
}

function BindPhone({ t, locale, user }: { t: T; locale: Locale; user: AccountUser }) {
  const phone = usePhone(locale);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, note, run } = useSubmit();
  const { problems, check } = useProblems(t);
  const sendCode = async () => {
    if (!check({ password: password ? null : 'required', phone: phone.problem })) throw new Error('phone');
    const sent = await run(
      async () => ({
        kind: 'ok',
        text:
          (
            await withFreshSignIn(password, () =>
              apiCall('GET', '/new/v1/user/sendSMS4Binding', { query: { phone: phone.composed } }),
            )
          ).msg || t('account.common.codeSent'),
      }),
      t,
    );
    if (!sent) throw new Error('not sent');
  };
  const submit = () => {
    if (!check({ password: password ? null : 'required', phone: phone.problem, code: checkCode(code) })) return;
    return run(async () => {
      const { data } = await withFreshSignIn(password, () =>
        apiCall<AccountUser>('GET', '/new/v1/user/bindingPhone', {
          query: { phone: phone.composed, code: code.trim() },
        }),
      );
      setUser(data);
      setCode('');
      setPassword('');
      return { kind: 'ok', text: t('account.centre.phoneBound') };
    }, t);
  };
  return (
    <>
      <p>
        {t('account.centre.currentPhone')}:{' '}
        <b data-testid="current-phone">{user.phone ?? t('account.centre.notSet')}</b>
      </p>
      <Form onSubmit={submit} busy={busy} testId="phone-form">
        <CurrentPassword
          t={t}
          value={password}
          onChange={setPassword}
          error={problems.password}
          testId="bind-phone-password"
        />
        <PhoneField
          locale={locale}
          t={t}
          label={t('account.centre.newPhone')}
          value={phone.phone}
          onChange={phone.setPhone}
          error={problems.phone}
          testId="bind-phone"
        />
        <div className="code-row">
          <Field
            label={t('account.common.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={problems.code}
            testId="bind-phone-code"
          />
          <SendCodeButton t={t} send={sendCode} testId="bind-phone-send" />
        </div>
        <FormNote note={note} testId="phone-note" />
        <button type="submit" className="btn primary" disabled={busy} data-testid="bind-phone-submit">
          {t('account.centre.bindPhone')}
        </button>
      </Form>
    </>
  );
}

function BindEmail({ t, user }: { t: T; user: AccountUser }) {
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const { busy, note, run } = useSubmit();
  const { problems, check } = useProblems(t);
  const sendCode = async () => {
    if (!check({ password: password ? null : 'required', email: checkEmail(email) })) throw new Error('email');
    const sent = await run(async () => {
      await withFreshSignIn(password, () =>
        apiCall('GET', '/new/v1/user/getMailCode', { query: { email: email.trim() } }),
      );
      return { kind: 'ok', text: t('account.centre.mailCodeSent') };
    }, t);
    if (!sent) throw new Error('not sent');
  };
  const submit = () => {
    if (!check({ password: password ? null : 'required', email: checkEmail(email), code: checkCode(code) })) return;
    return run(async () => {
      // A new address signs every session out: the answer's cookies hold this browser's new session.
      const { data } = await withFreshSignIn(password, () =>
        apiCall<{ user: AccountUser }>('GET', '/new/v1/user/bindingMail', {
          query: { email: email.trim(), code: code.trim() },
        }),
      );
      login(data.user);
      setCode('');
      setEmail('');
      setPassword('');
      return { kind: 'ok', text: t('account.centre.emailBound') };
    }, t);
  };
  return (
    <>
      <p>
        {t('account.centre.currentEmail')}:{' '}
        <b data-testid="current-email">{user.email ?? t('account.centre.notSet')}</b>{' '}
        {user.email && (
          <span className={user.emailVerified ? 'badge ok' : 'badge warn'}>
            {user.emailVerified ? t('account.centre.verified') : t('account.centre.unverified')}
          </span>
        )}
      </p>
      <Form onSubmit={submit} busy={busy} testId="email-form">
        <CurrentPassword
          t={t}
          value={password}
          onChange={setPassword}
          error={problems.password}
          testId="bind-email-password"
        />
        <div className="code-row">
          <Field
            label={t('account.centre.newEmail')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={problems.email}
            testId="bind-email"
          />
          <SendCodeButton t={t} send={sendCode} label={t('account.centre.getMailCode')} testId="bind-email-send" />
        </div>
        <Field
          label={t('account.common.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={problems.code}
          testId="bind-email-code"
        />
        <FormNote note={note} testId="email-note" />
        <button type="submit" className="btn primary" disabled={busy} data-testid="bind-email-submit">
          {t('account.centre.bindEmail')}
        </button>
      </Form>
    </>
  );
}
