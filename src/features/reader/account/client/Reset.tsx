import { useEffect, useState } from 'react';
import { checkPassword } from '../../../../lib/account.ts';
import { createTranslator, type Dict } from '../../../../lib/i18n/index.ts';
import { apiCall } from '../../../../stores/api.ts';
import { openLogin } from '../../../../stores/session.ts';
import { Field, Form, FormNote, useProblems, useSubmit } from './fields.tsx';

interface Props {
  base: string;
  dict: Dict;
}

/**
 * The page behind the mailed reset link (`/user/reset?token=…`): a new password, then "Password
 * changed, please log in" and the login dialog. The token is read from the address in the
 * browser (the server never puts it in the HTML) and dropped from the address bar at once, so it
 * stays out of history and screenshots.
 */
export default function Reset({ base, dict }: Props) {
  const t = createTranslator(dict);
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [changed, setChanged] = useState(false);
  const { busy, note, run } = useSubmit();
  const { problems, check } = useProblems(t);

  useEffect(() => {
    const url = new URL(location.href);
    setToken(url.searchParams.get('token'));
    if (url.searchParams.has('token')) {
      url.searchParams.delete('token');
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }
  }, []);

  if (token === undefined) return <p className="muted">{t('account.common.loading')}</p>;
  if (!token)
    return (
      <p className="acc-result error" role="alert" data-testid="reset-missing">
        {t('account.reset.missing')} <a href={`${base}/user/forgot`}>{t('account.reset.again')}</a>
      </p>
    );

  const submit = () => {
    if (
      !check({
        password: checkPassword(password),
        confirm: checkPassword(password, confirm) === 'passwordMatch' && 'passwordMatch',
      })
    )
      return;
    return run(async () => {
      await apiCall('POST', '/new/v1/resetPwd', { body: { token, password } });
      setChanged(true);
      setPassword('');
      setConfirm('');
      openLogin();
      return { kind: 'ok', text: t('account.forgot.done') };
    }, t);
  };

  return (
    <Form onSubmit={submit} busy={busy} testId="reset-form">
      {!changed && (
        <>
          <Field
            label={t('account.common.newPassword')}
            hint={t('account.common.passwordHint')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={problems.password}
            testId="reset-password"
          />
          <Field
            label={t('account.common.confirmPassword')}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={problems.confirm}
            testId="reset-confirm"
          />
        </>
      )}
      <FormNote note={note} testId="reset-note" />
      {changed ? (
        <button type="button" className="btn primary" onClick={() => openLogin()} data-testid="reset-login">
          {t('account.activate.login')}
        </button>
      ) : (
        <button type="submit" className="btn primary" disabled={busy} data-testid="reset-submit">
          {t('account.reset.submit')}
        </button>
      )}
      {note?.kind === 'error' && (
        <p>
          <a href={`${base}/user/forgot`}>{t('account.reset.again')}</a>
        </p>
      )}
    </Form>
  );
}
