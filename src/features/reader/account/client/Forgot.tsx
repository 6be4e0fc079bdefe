import { useState } from 'react';
import { checkCode, checkEmail, checkPassword } from '../../../../lib/account.ts';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import { apiCall } from '../../../../stores/api.ts';
import { openLogin } from '../../../../stores/session.ts';
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
  useSubmit,
} from './fields.tsx';

interface Props {
  locale: Locale;
  dict: Dict;
}

/** The id of the one panel the tabs show (the form of the chosen tab). */
const PANEL = 'forgot-panel';

/**
 * Password recovery (SPEC §4): a link by e-mail (the answer is the same whether or not the
 * address has an account), or an SMS code with the new password. No automatic login: the
 * reader is asked to log in with the new password.
 */
export default function Forgot({ locale, dict }: Props) {
  const t = createTranslator(dict);
  const [tab, setTab] = useState<'email' | 'phone'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const phone = usePhone(locale);
  const { busy, note, setNote, run } = useSubmit();
  const { problems, check, clear } = useProblems(t);

  const submit = () => {
    if (tab === 'email') {
      if (!check({ email: checkEmail(email) })) return;
      return run(async () => {
        const { msg } = await apiCall('POST', '/new/v1/applyToResetPwd', { body: { email: email.trim() } });
        return { kind: 'ok', text: msg };
      }, t);
    }
    if (
      !check({
        phone: phone.problem,
        code: checkCode(code),
        password: checkPassword(password),
        confirm: checkPassword(password, confirm) === 'passwordMatch' && 'passwordMatch',
      })
    )
      return;
    return run(async () => {
      await apiCall('POST', '/new/v1/applyToResetPwdByPhone', {
        body: { phone: phone.composed, code: code.trim(), password },
      });
      setPassword('');
      setConfirm('');
      setCode('');
      openLogin();
      return { kind: 'ok', text: t('account.forgot.done') };
    }, t);
  };

  const sendCode = async () => {
    if (!check({ phone: phone.problem })) throw new Error('phone');
    const sent = await run(async () => {
      const { msg } = await apiCall('GET', '/new/v1/sendSMS4ResetPwd', { query: { phone: phone.composed } });
      return { kind: 'ok', text: msg || t('account.common.codeSent') };
    }, t);
    if (!sent) throw new Error('not sent');
  };

  return (
    <div data-testid="forgot">
      <Tabs
        label={t('account.forgot.heading')}
        tabs={[
          { key: 'email', label: t('account.forgot.tabEmail') },
          { key: 'phone', label: t('account.forgot.tabPhone') },
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
        <Form onSubmit={submit} busy={busy} testId="forgot-form">
          {tab === 'email' ? (
            <>
              <p className="muted">{t('account.forgot.emailAbout')}</p>
              <Field
                label={t('account.common.email')}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={problems.email}
                testId="forgot-email"
              />
            </>
          ) : (
            <>
              <p className="muted">{t('account.forgot.phoneAbout')}</p>
              <PhoneField
                locale={locale}
                t={t}
                value={phone.phone}
                onChange={phone.setPhone}
                error={problems.phone}
                testId="forgot-phone"
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
                  testId="forgot-code"
                />
                <SendCodeButton t={t} send={sendCode} testId="forgot-send-code" />
              </div>
              <Field
                label={t('account.common.newPassword')}
                hint={t('account.common.passwordHint')}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={problems.password}
                testId="forgot-password"
              />
              <Field
                label={t('account.common.confirmPassword')}
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                error={problems.confirm}
                testId="forgot-confirm"
              />
            </>
          )}
          <FormNote note={note} testId="forgot-note" />
          <button type="submit" className="btn primary" disabled={busy} data-testid="forgot-submit">
            {tab === 'email' ? t('account.forgot.sendLink') : t('account.forgot.submit')}
          </button>
        </Form>
      </div>
    </div>
  );
}
