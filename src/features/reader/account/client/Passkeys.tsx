/**
 * The security tab's passkeys: the account's list (name, when added, last used) with a remove
 * button each, and a form to add one (a name and the password; the browser then asks the device).
 * The WebAuthn browser code loads only when a passkey is added.
 */
import { useEffect, useState } from 'react';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { formatDateline } from '../../../../lib/format/index.ts';
import type { Locale } from '../../../../lib/i18n/index.ts';
import { apiCall, apiGet } from '../../../../stores/api.ts';
import { errorText, Field, Form, FormNote, useProblems, useSubmit, type T } from './fields.tsx';
import { deviceError, webAuthnAvailable } from './webauthn.ts';

interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  synced: boolean;
}

export default function Passkeys({ t, locale }: { t: T; locale: Locale }) {
  const [list, setList] = useState<Passkey[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, note, setNote, run } = useSubmit();
  const { problems, check } = useProblems(t);

  useEffect(() => {
    apiGet<Passkey[]>('/new/v1/user/passkeys').then(setList, (e: unknown) => setFailed(errorText(e, t)));
    // Loaded once (t does not change).
  }, []);

  const add = () => {
    if (!check({ name: name.trim() ? null : 'required', password: password ? null : 'required' })) return;
    return run(async () => {
      const options = await apiCall<PublicKeyCredentialCreationOptionsJSON>('POST', '/new/v1/user/passkeys/options', {
        body: { password },
      });
      const { startRegistration } = await import('@simplewebauthn/browser');
      let response: unknown;
      try {
        response = await startRegistration({ optionsJSON: options.data });
      } catch (e) {
        return { kind: 'error', text: deviceError(e, t, 'account.passkeys.cancelled') };
      }
      const res = await apiCall<Passkey[]>('POST', '/new/v1/user/passkeys', { body: { response, name } });
      setList(res.data);
      setName('');
      setPassword('');
      return { kind: 'ok', text: res.msg };
    }, t);
  };
  const remove = (id: number) =>
    run(async () => {
      const res = await apiCall<Passkey[]>('POST', '/new/v1/user/passkeys/remove', { body: { id } });
      setList(res.data);
      return { kind: 'ok', text: res.msg };
    }, t);

  const when = (iso: string) => formatDateline(iso, locale);
  return (
    <section className="passkeys" aria-labelledby="passkeys-title" data-testid="passkeys">
      <h2 id="passkeys-title">{t('account.passkeys.title')}</h2>
      <p>{t('account.passkeys.intro')}</p>
      {failed && <FormNote note={{ kind: 'error', text: failed }} />}
      {list && !list.length && <p className="muted">{t('account.passkeys.none')}</p>}
      {list && list.length > 0 && (
        <ul className="passkey-list" data-testid="passkey-list">
          {list.map((p) => (
            <li key={p.id}>
              <span>
                <b>{p.name}</b>
                <span className="muted">
                  {' · '}
                  {t('account.passkeys.added', { date: when(p.createdAt) })}
                  {' · '}
                  {p.lastUsedAt
                    ? t('account.passkeys.used', { date: when(p.lastUsedAt) })
                    : t('account.passkeys.never')}
                  {p.synced && ` · ${t('account.passkeys.synced')}`}
                </span>
              </span>
              <button
                type="button"
                className="btn secondary"
                disabled={busy}
                onClick={() => void remove(p.id)}
                aria-label={`${t('account.passkeys.remove')} ${p.name}`}
              >
                {t('account.passkeys.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {webAuthnAvailable() ? (
        <Form onSubmit={add} busy={busy} testId="passkey-add">
          <Field
            label={t('account.passkeys.name')}
            placeholder={t('account.passkeys.namePlaceholder')}
            maxLength={40}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNote(null);
            }}
            error={problems.name}
            testId="passkey-name"
          />
          <Field
            label={t('account.passkeys.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={problems.password}
            testId="passkey-password"
          />
          <FormNote note={note} testId="passkey-note" />
          <button type="submit" className="btn primary" disabled={busy} data-testid="passkey-add-submit">
            {t('account.passkeys.add')}
          </button>
        </Form>
      ) : (
        <p className="muted">{t('account.passkeys.unsupported')}</p>
      )}
    </section>
  );
}
