/**
 * The user centre's phone and e-mail tabs: a new phone or address, proven by its code, with the
 * current password for the fresh sign-in the server asks for.
 */
import { useState } from 'react';
import { checkCode, checkEmail, type AccountUser } from '../../../../lib/account.ts';
import type { Locale } from '../../../../lib/i18n/index.ts';
import { ApiError, apiCall } from '../../../../stores/api.ts';
import { login, renewed, setUser } from '../../../../stores/session.ts';
import {
  Field,
  Form,
  FormNote,
  PhoneField,
  SendCodeButton,
  usePhone,
  useProblems,
  useSubmit,
  type T,
} from './fields.tsx';

/**
 * Runs a change that needs a fresh sign-in (a new phone or e-mail: the server asks for the
 * password again when the session is older than a few minutes, code 4031), confirming the
 * current password first when the server asks for it. The confirmation begins a new session:
 * its cookies replace this one's.
 */
async function withFreshSignIn<R>(
  proof: { password: string; secondCode: string },
  change: () => Promise<R>,
): Promise<R> {
  try {
    return await change();
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 4031)) throw e;
    await apiCall('POST', '/new/v1/user/confirmPassword', {
      body: { password: proof.password, code: proof.secondCode },
    });
    renewed();
    return change();
  }
}

/**
 * The current password, asked by the forms that move the account to a new phone or e-mail; with
 * two-factor sign-in on, a code from the app (or a recovery code) as well.
 */
function CurrentPassword({
  t,
  user,
  proof,
  onChange,
  problems,
  testId,
}: {
  t: T;
  user: AccountUser;
  proof: { password: string; secondCode: string };
  onChange: (next: { password: string; secondCode: string }) => void;
  problems: Record<string, string | null>;
  testId: string;
}) {
  return (
    <>
      <Field
        label={t('account.centre.currentPassword')}
        hint={t('account.centre.currentPasswordHint')}
        type="password"
        autoComplete="current-password"
        value={proof.password}
        onChange={(e) => onChange({ ...proof, password: e.target.value })}
        error={problems.password}
        testId={testId}
      />
      {user.twoFactor && (
        <Field
          label={t('account.twoFactor.anyCode')}
          autoComplete="one-time-code"
          maxLength={16}
          value={proof.secondCode}
          onChange={(e) => onChange({ ...proof, secondCode: e.target.value })}
          error={problems.secondCode}
          testId={`${testId}-code`}
        />
      )}
    </>
  );
}

const NO_PROOF = { password: '', secondCode: '' };
/** The password (and code) checks of a form that asks for them. */
const proofProblems = (user: AccountUser, proof: typeof NO_PROOF) => ({
  password: proof.password ? null : 'required',
  secondCode: !user.twoFactor || proof.secondCode.trim() ? null : 'required',
});

export function BindPhone({ t, locale, user }: { t: T; locale: Locale; user: AccountUser }) {
  const phone = usePhone(locale);
  const [proof, setProof] = useState(NO_PROOF);
  const [code, setCode] = useState('');
  const { busy, note, run } = useSubmit();
  const { problems, check } = useProblems(t);
  const sendCode = async () => {
    if (!check({ ...proofProblems(user, proof), phone: phone.problem })) throw new Error('phone');
    const sent = await run(
      async () => ({
        kind: 'ok',
        text:
          (
            await withFreshSignIn(proof, () =>
              apiCall('GET', '/new/v1/user/sendSMS4Binding', { query: { phone: phone.composed } }),
            )
          ).msg || t('account.common.codeSent'),
      }),
      t,
    );
    if (!sent) throw new Error('not sent');
  };
  const submit = () => {
    if (!check({ ...proofProblems(user, proof), phone: phone.problem, code: checkCode(code) })) return;
    return run(async () => {
      const { data } = await withFreshSignIn(proof, () =>
        apiCall<AccountUser>('GET', '/new/v1/user/bindingPhone', {
          query: { phone: phone.composed, code: code.trim() },
        }),
      );
      setUser(data);
      setCode('');
      setProof(NO_PROOF);
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
          user={user}
          proof={proof}
          onChange={setProof}
          problems={problems}
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
export function BindEmail({ t, user }: { t: T; user: AccountUser }) {
  const [proof, setProof] = useState(NO_PROOF);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const { busy, note, run } = useSubmit();
  const { problems, check } = useProblems(t);
  const sendCode = async () => {
    if (!check({ ...proofProblems(user, proof), email: checkEmail(email) })) throw new Error('email');
    const sent = await run(async () => {
      await withFreshSignIn(proof, () =>
        apiCall('GET', '/new/v1/user/getMailCode', { query: { email: email.trim() } }),
      );
      return { kind: 'ok', text: t('account.centre.mailCodeSent') };
    }, t);
    if (!sent) throw new Error('not sent');
  };
  const submit = () => {
    if (!check({ ...proofProblems(user, proof), email: checkEmail(email), code: checkCode(code) })) return;
    return run(async () => {
      // A new address signs every session out: the answer's cookies hold this browser's new session.
      const { data } = await withFreshSignIn(proof, () =>
        apiCall<{ user: AccountUser }>('GET', '/new/v1/user/bindingMail', {
          query: { email: email.trim(), code: code.trim() },
        }),
      );
      login(data.user);
      setCode('');
      setEmail('');
      setProof(NO_PROOF);
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
          user={user}
          proof={proof}
          onChange={setProof}
          problems={problems}
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
