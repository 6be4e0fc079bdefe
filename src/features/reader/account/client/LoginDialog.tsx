import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { checkCode, displayName, type AccountUser } from '../../../../lib/account.ts';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import { ApiError, apiCall, apiPost } from '../../../../stores/api.ts';
import { $session, closeLogin, login } from '../../../../stores/session.ts';
import { deviceError, signWithPasskey, webAuthnAvailable } from './webauthn.ts';
import {
  errorText,
  Field,
  Form,
  FormNote,
  PhoneField,
  SendCodeButton,
  Tabs,
  tabId,
  usePhone,
  type Note,
} from './fields.tsx';

interface Props {
  locale: Locale;
  /** Locale prefix of the page ("" or "/zh"). */
  base: string;
  dict: Dict;
}

/** The id of the one panel the tabs show (the form of the chosen tab). */
const PANEL = 'login-panel';

/** A sign-in answer as this browser reads it: the session itself arrived in its cookies (the token is for API clients). */
type Signed = { user: AccountUser };
/** The answer instead, for an account with two-factor sign-in: the challenge its second step answers. */
type SecondFactor = { secondFactor: { challenge: string; methods: string[] } };

/**
 * The login dialog (SPEC §4): user name or e-mail with a password, or a phone with an SMS
 * code; links to registration and password recovery. A native modal <dialog>: focus stays
 * inside, Escape closes it. Open while `$session.loginVisible` is true.
 */
export default function LoginDialog({ locale, base, dict }: Props) {
  const t = createTranslator(dict);
  const { loginVisible } = useStore($session);
  const ref = useRef<HTMLDialogElement>(null);
  const [tab, setTab] = useState<'password' | 'phone'>('password');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const phone = usePhone(locale);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const [problems, setProblems] = useState<Record<string, string | null>>({});
  /** After the first factor of an account with two-factor sign-in: its challenge, and the code typed. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const [challengeByPasskey, setChallengeByPasskey] = useState(false);
  const [secondCode, setSecondCode] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (loginVisible && !dialog.open) {
      setNote(null);
      setChallenge(null);
      dialog.showModal();
    } else if (!loginVisible && dialog.open) dialog.close();
  }, [loginVisible]);

  const finish = (signed: Signed | SecondFactor) => {
    if ('secondFactor' in signed) {
      setChallenge(signed.secondFactor.challenge);
      setChallengeByPasskey(signed.secondFactor.methods.includes('passkey') && webAuthnAvailable());
      setSecondCode('');
      setProblems({});
      return;
    }
    setChallenge(null);
    setPassword('');
    setCode('');
    setNote({ kind: 'ok', text: t('account.login.welcome', { name: displayName(signed.user) }) });
    login(signed.user);
  };

  async function submitSecond() {
    const found = { secondCode: secondCode.trim() ? null : t('account.validation.required') };
    setProblems(found);
    if (found.secondCode) return;
    setBusy(true);
    setNote(null);
    try {
      finish(await apiPost<Signed>('/new/v1/login/twoFactor', { challenge, code: secondCode }));
    } catch (e) {
      // A challenge that expired or had too many wrong codes: back to the first step.
      if (e instanceof ApiError && e.code === 4016) setChallenge(null);
      setNote({ kind: 'error', text: errorText(e, t) });
    } finally {
      setBusy(false);
    }
  }

  /** Signs in with a passkey: on its own (`challenge` null), or as the second step of a sign-in. */
  async function withPasskey(second: string | null) {
    setBusy(true);
    setNote(null);
    try {
      const options = second
        ? await apiPost<unknown>('/new/v1/login/twoFactor/passkey/options', { challenge: second })
        : await apiPost<unknown>('/new/v1/login/passkey/options', {});
      let response: unknown;
      try {
        response = await signWithPasskey(options);
      } catch (e) {
        setNote({ kind: 'error', text: deviceError(e, t, 'account.login.passkeyCancelled') });
        return;
      }
      finish(
        second
          ? await apiPost<Signed>('/new/v1/login/twoFactor/passkey', { challenge: second, response })
          : await apiPost<Signed>('/new/v1/login/passkey', { response }),
      );
    } catch (e) {
      if (e instanceof ApiError && e.code === 4016) setChallenge(null);
      setNote({ kind: 'error', text: errorText(e, t) });
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    const found: Record<string, string | null> =
      tab === 'password'
        ? {
            account: account.trim() ? null : t('account.validation.required'),
            password: password ? null : t('account.validation.required'),
          }
        : {
            phone: phone.problem && t(`account.validation.${phone.problem}`),
            code: checkCode(code) && t('account.validation.code'),
          };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setNote(null);
    try {
      finish(
        tab === 'password'
          ? await apiPost<Signed | SecondFactor>('/new/v1/login', { account: account.trim(), password })
          : await apiPost<Signed | SecondFactor>('/new/v1/loginByPhone', { phone: phone.composed, code: code.trim() }),
      );
    } catch (e) {
      setNote({ kind: 'error', text: errorText(e, t) });
    } finally {
      setBusy(false);
    }
  }

  async function sendCode() {
    if (phone.problem) {
      setProblems({ phone: t(`account.validation.${phone.problem}`) });
      throw new Error('phone');
    }
    setProblems({});
    setNote(null);
    try {
      const { msg } = await apiCall('GET', '/new/v1/sendSMS4Login', { query: { phone: phone.composed } });
      setNote({ kind: 'ok', text: msg || t('account.common.codeSent') });
    } catch (e) {
      setNote({ kind: 'error', text: errorText(e, t) });
      throw e;
    }
  }

  return (
    <dialog
      ref={ref}
      className="login-dialog"
      aria-labelledby="login-title"
      onClose={() => closeLogin()}
      data-testid="login-dialog"
    >
      <div className="login-head">
        <h2 id="login-title">{t('account.login.title')}</h2>
        <button type="button" className="icon-btn" aria-label={t('account.common.close')} onClick={() => closeLogin()}>
          ×
        </button>
      </div>
      {challenge ? (
        <Form onSubmit={submitSecond} busy={busy} testId="login-second-factor">
          <h3 className="login-step">{t('account.login.twoFactor.title')}</h3>
          <p className="muted">{t('account.login.twoFactor.hint')}</p>
          <Field
            label={t('account.login.twoFactor.code')}
            autoComplete="one-time-code"
            maxLength={16}
            value={secondCode}
            onChange={(e) => setSecondCode(e.target.value)}
            error={problems.secondCode}
            testId="login-second-code"
            autoFocus
          />
          <FormNote note={note} testId="login-note" />
          <div className="acc-actions">
            <button type="submit" className="btn primary" disabled={busy} data-testid="login-second-submit">
              {t('account.login.twoFactor.submit')}
            </button>
            {challengeByPasskey && (
              <button
                type="button"
                className="btn secondary"
                disabled={busy}
                onClick={() => void withPasskey(challenge)}
                data-testid="login-second-passkey"
              >
                {t('account.login.twoFactor.usePasskey')}
              </button>
            )}
            <button
              type="button"
              className="btn secondary"
              onClick={() => {
                setChallenge(null);
                setNote(null);
              }}
            >
              {t('account.login.twoFactor.back')}
            </button>
          </div>
        </Form>
      ) : (
        <>
          <Tabs
            label={t('account.login.title')}
            tabs={[
              { key: 'password', label: t('account.login.tabPassword') },
              { key: 'phone', label: t('account.login.tabPhone') },
            ]}
            active={tab}
            onChange={(k) => {
              setTab(k);
              setNote(null);
              setProblems({});
            }}
            panel={PANEL}
          />
          <div role="tabpanel" id={PANEL} aria-labelledby={tabId(PANEL, tab)}>
            <Form onSubmit={submit} busy={busy} testId="login-form">
              {tab === 'password' ? (
                <>
                  <Field
                    label={t('account.login.account')}
                    autoComplete="username"
                    value={account}
                    onChange={(e) => setAccount(e.target.value)}
                    error={problems.account}
                    testId="login-account"
                  />
                  <Field
                    label={t('account.common.password')}
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    error={problems.password}
                    testId="login-password"
                  />
                </>
              ) : (
                <>
                  <PhoneField
                    locale={locale}
                    t={t}
                    value={phone.phone}
                    onChange={phone.setPhone}
                    error={problems.phone}
                    testId="login-phone"
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
                      testId="login-code"
                    />
                    <SendCodeButton t={t} send={sendCode} testId="login-send-code" />
                  </div>
                </>
              )}
              <FormNote note={note} testId="login-note" />
              <button type="submit" className="btn primary" disabled={busy} data-testid="login-submit">
                {busy ? t('account.login.submitting') : t('account.login.submit')}
              </button>
            </Form>
            {webAuthnAvailable() && (
              <div className="login-passkey">
                <span className="muted">{t('account.login.or')}</span>
                <button
                  type="button"
                  className="btn secondary"
                  disabled={busy}
                  onClick={() => void withPasskey(null)}
                  data-testid="login-passkey"
                >
                  {t('account.login.passkey')}
                </button>
              </div>
            )}
          </div>
        </>
      )}
      <p className="login-links">
        <a href={`${base}/user/forgot`}>{t('account.login.forgot')}</a>
        <span>
          {t('account.login.noAccount')} <a href={`${base}/user/register`}>{t('account.login.register')}</a>
        </span>
      </p>
    </dialog>
  );
}
