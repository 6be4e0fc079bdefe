/** The user centre's password tab: the current password, then the new one twice. */
import { useState } from 'react';
import { checkPassword } from '../../../../lib/account.ts';
import { apiCall } from '../../../../stores/api.ts';
import { Field, Form, FormNote, useProblems, useSubmit, type T } from './fields.tsx';

export default function ChangePassword({ t }: { t: T }) {
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
