import { useEffect, useRef, useState } from 'react';
import {
  checkCode,
  checkEmail,
  checkPassword,
  checkUserName,
  displayName,
  type AccountUser,
} from '../../../../lib/account.ts';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import { apiCall } from '../../../../stores/api.ts';
import { login, openLogin } from '../../../../stores/session.ts';
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
} from './fields.tsx';

interface Props {
  locale: Locale;
  base: string;
  dict: Dict;
}

/** The id of the one panel the tabs show (the form of the chosen tab). */
const PANEL = 'register-panel';

/** A sign-in answer as this browser reads it: the session itself arrived in its cookies. */
type Signed = { user: AccountUser };

/** What the page shows once the account exists: the form is gone. */
type Done = { kind: 'email'; email: string; msg: string; mailSent: boolean } | { kind: 'phone'; name: string };

/**
 * Registration by e-mail (user name, e-mail, password: the server mails an activation link and
 * signs the new user in) or by phone (SMS code, password, optional user name). Once done, the
 * form gives way to what comes next: "check your e-mail" with the address the link went to, or
 * the welcome of an account that is ready.
 */
export default function Register({ locale, base, dict }: Props) {
  const t = createTranslator(dict);
  const session = useSession();
  const [tab, setTab] = useState<'email' | 'phone'>('email');
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const phone = usePhone(locale);
  const { busy, note, setNote, run } = useSubmit();
  const { problems, check, clear } = useProblems(t);
  const [done, setDone] = useState<Done | null>(null);

  const submit = () => {
    const ok =
      tab === 'email'
        ? check({
            userName: checkUserName(userName.trim()),
            email: checkEmail(email),
            password: checkPassword(password),
            confirm: checkPassword(password, confirm) === 'passwordMatch' && 'passwordMatch',
          })
        : check({
            phone: phone.problem,
            code: checkCode(code),
            userName: userName.trim() ? checkUserName(userName.trim()) : null,
            password: checkPassword(password),
            confirm: checkPassword(password, confirm) === 'passwordMatch' && 'passwordMatch',
          });
    if (!ok) return;
    return run(async () => {
      if (tab === 'email') {
        const { data, msg } = await apiCall<Signed & { mailSent: boolean }>('POST', '/new/v1/register', {
          body: { userName: userName.trim(), email: email.trim(), password },
        });
        login(data.user);
        setDone({ kind: 'email', email: data.user.email ?? email.trim(), msg, mailSent: data.mailSent !== false });
      } else {
        const { data } = await apiCall<Signed>('POST', '/new/v1/registerByPhone', {
          body: {
            phone: phone.composed,
            code: code.trim(),
            password,
            ...(userName.trim() ? { userName: userName.trim() } : {}),
          },
        });
        login(data.user);
        setDone({ kind: 'phone', name: displayName(data.user) });
      }
      setPassword('');
      setConfirm('');
      return null;
    }, t);
  };

  if (done) return <Registered t={t} base={base} done={done} />;

  const sendCode = async () => {
    if (!check({ phone: phone.problem })) throw new Error('phone');
    const sent = await run(async () => {
      const { msg } = await apiCall('GET', '/new/v1/sendSMS4Login', { query: { phone: phone.composed } });
      return { kind: 'ok', text: msg || t('account.common.codeSent') };
    }, t);
    if (!sent) throw new Error('not sent');
  };

  const passwordFields = (
    <>
      <Field
        label={t('account.common.password')}
        hint={t('account.common.passwordHint')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problems.password}
        testId="register-password"
      />
      <Field
        label={t('account.common.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={problems.confirm}
        testId="register-confirm"
      />
    </>
  );

  return (
    <div data-testid="register">
      {session.isLogin && session.user && (
        <p className="acc-banner" data-testid="register-signed-in">
          {t('account.register.signedInAs', { name: displayName(session.user) })}{' '}
          <a href={`${base}/user`}>{t('account.register.toUserCentre')}</a>
        </p>
      )}
      <Tabs
        label={t('account.register.title')}
        tabs={[
          { key: 'email', label: t('account.register.tabEmail') },
          { key: 'phone', label: t('account.register.tabPhone') },
        ]}
        active={tab}
        onChange={(k) => {
          setTab(k);
          setNote(null);
          clear();
        }}
        panel={PANEL}
      />
      <div role="tabpanel" id={PANEL} aria-labelledby={tabId(PANEL, tab)}>
        <Form onSubmit={submit} busy={busy} testId="register-form">
          {tab === 'email' ? (
            <>
              <Field
                label={t('account.common.userName')}
                hint={t('account.common.userNameHint')}
                autoComplete="username"
                value={userName}
                onChange={(e) => setUserName(e.target.value)}
                error={problems.userName}
                testId="register-username"
              />
              <Field
                label={t('account.common.email')}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={problems.email}
                testId="register-email"
              />
              {passwordFields}
            </>
          ) : (
            <>
              <PhoneField
                locale={locale}
                t={t}
                value={phone.phone}
                onChange={phone.setPhone}
                error={problems.phone}
                testId="register-phone"
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
                  testId="register-code"
                />
                <SendCodeButton t={t} send={sendCode} testId="register-send-code" />
              </div>
              <Field
                label={t('account.register.userNameOptional')}
                hint={t('account.common.userNameHint')}
                autoComplete="username"
                value={userName}
                onChange={(e) => setUserName(e.target.value)}
                error={problems.userName}
                testId="register-username"
              />
              {passwordFields}
            </>
          )}
          <FormNote note={note} testId="register-note" />
          <button type="submit" className="btn primary" disabled={busy} data-testid="register-submit">
            {busy ? t('account.register.submitting') : t('account.register.submit')}
          </button>
        </Form>
      </div>
      <p className="login-links">
        <span>
          {t('account.register.haveAccount')}{' '}
          <a href={`${base}/user`} data-login onClick={(e) => (e.preventDefault(), openLogin())}>
            {t('account.register.login')}
          </a>
        </span>
      </p>
    </div>
  );
}

/**
 * After "Create account": the next step, in place of the form. By e-mail: check the mailbox (the
 * address is shown, so a typo is seen at once); the account is signed in meanwhile. By phone:
 * the account is ready. The heading takes the focus, so screen readers say what happened.
 */
function Registered({
  t,
  base,
  done,
}: {
  t: (key: string, vars?: Record<string, string | number>) => string;
  base: string;
  done: Done;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="acc-result register-done" role="status" data-testid="register-done">
      {done.kind === 'email' ? (
        <>
          <h2 ref={heading} tabIndex={-1}>
            {done.mailSent ? t('account.register.checkMailTitle') : t('account.register.createdTitle')}
          </h2>
          <p data-testid="register-note">{done.msg}</p>
          {done.mailSent && (
            <>
              <p>
                {t('account.register.checkMailSentTo')} <b data-testid="register-done-email">{done.email}</b>
              </p>
              <p className="muted">{t('account.register.checkMailHint')}</p>
            </>
          )}
        </>
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1}>
            {t('account.register.createdTitle')}
          </h2>
          <p data-testid="register-note">{t('account.register.signedInAs', { name: done.name })}</p>
        </>
      )}
      <a className="btn primary" href={`${base}/user`} data-testid="register-to-centre">
        {t('account.register.toUserCentre')}
      </a>
    </section>
  );
}
