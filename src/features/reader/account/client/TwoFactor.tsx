/**
 * The user centre's security tab: two-factor sign-in with an authenticator app, and passkeys
 * (Passkeys.tsx). Off, the
 * password starts an enrolment (a QR code and its key), and a code from the app turns it on and
 * shows the ten recovery codes once. On, the password and a code make new recovery codes or turn
 * it off. The server does every check (twoFactor.server.ts); this only asks and shows.
 */
import { useEffect, useState } from 'react';
import type { Locale } from '../../../../lib/i18n/index.ts';
import { apiCall, apiGet } from '../../../../stores/api.ts';
import Passkeys from './Passkeys.tsx';
import { errorText, Field, Form, FormNote, useProblems, useSubmit, type T } from './fields.tsx';

type State = { enabled: boolean; recoveryCodesLeft: number };
type Setup = { secret: string; uri: string; qr: string };

export default function TwoFactor({ t, locale }: { t: T; locale: Locale }) {
  const [state, setState] = useState<State | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const load = () =>
    apiGet<State>('/new/v1/user/twoFactor')
      .then((s) => {
        setState(s);
        setFailed(null);
      })
      .catch((e: unknown) => setFailed(errorText(e, t)));
  // Loaded once (t does not change).
  useEffect(() => void load(), []);

  if (failed) return <FormNote note={{ kind: 'error', text: failed }} testId="two-factor-error" />;
  if (!state) return <p className="muted">{t('account.common.loading')}</p>;
  return (
    <div className="two-factor" data-testid="two-factor" data-enabled={state.enabled}>
      <p>{t('account.twoFactor.intro')}</p>
      <p className="two-factor-status" data-testid="two-factor-status">
        <b>
          {state.enabled
            ? t('account.twoFactor.statusOn', { count: state.recoveryCodesLeft })
            : t('account.twoFactor.statusOff')}
        </b>
      </p>
      {codes ? (
        <RecoveryCodes t={t} codes={codes} done={() => setCodes(null)} />
      ) : state.enabled ? (
        <Manage
          t={t}
          renewed={(next) => {
            setCodes(next);
            void load();
          }}
          disabled={() => void load()}
        />
      ) : setup ? (
        <Confirm
          t={t}
          setup={setup}
          cancel={() => setSetup(null)}
          enabled={(next) => {
            setSetup(null);
            setCodes(next);
            void load();
          }}
        />
      ) : (
        <Start t={t} started={setSetup} />
      )}
      <Passkeys t={t} locale={locale} />
    </div>
  );
}

function Start({ t, started }: { t: T; started: (s: Setup) => void }) {
  const [password, setPassword] = useState('');
  const { busy, note, run } = useSubmit();
  const { problems, check } = useProblems(t);
  const submit = () => {
    if (!check({ password: password ? null : 'required' })) return;
    return run(async () => {
      started((await apiCall<Setup>('POST', '/new/v1/user/twoFactor/setup', { body: { password } })).data);
    }, t);
  };
  return (
    <Form onSubmit={submit} busy={busy} testId="two-factor-start">
      <Field
        label={t('account.twoFactor.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problems.password}
        testId="two-factor-password"
      />
      <FormNote note={note} testId="two-factor-note" />
      <button type="submit" className="btn primary" disabled={busy} data-testid="two-factor-setup">
        {t('account.twoFactor.start')}
      </button>
    </Form>
  );
}

function Confirm({
  t,
  setup,
  cancel,
  enabled,
}: {
  t: T;
  setup: Setup;
  cancel: () => void;
  enabled: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const { busy, note, run } = useSubmit();
  const { problems, check } = useProblems(t);
  const submit = () => {
    if (!check({ code: /^\s*\d{3}\s?\d{3}\s*$/.test(code) ? null : 'code' })) return;
    return run(async () => {
      const res = await apiCall<{ recoveryCodes: string[] }>('POST', '/new/v1/user/twoFactor/enable', {
        body: { code },
      });
      enabled(res.data.recoveryCodes);
    }, t);
  };
  return (
    <Form onSubmit={submit} busy={busy} testId="two-factor-confirm">
      <p>{t('account.twoFactor.scan')}</p>
      {/* The server draws the QR code (uqr: rectangles only) from the otpauth URI. */}
      <div
        className="two-factor-qr"
        role="img"
        aria-label={t('account.twoFactor.qrLabel')}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server's SVG of the enrolment URI, no reader text in it
        dangerouslySetInnerHTML={{ __html: setup.qr }}
      />
      <p className="two-factor-key">
        {t('account.twoFactor.key')}{' '}
        <code data-testid="two-factor-secret" data-secret={setup.secret}>
          {setup.secret.match(/.{1,4}/g)?.join(' ')}
        </code>
      </p>
      <Field
        label={t('account.twoFactor.appCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={problems.code}
        testId="two-factor-code"
      />
      <FormNote note={note} testId="two-factor-note" />
      <div className="acc-actions">
        <button type="submit" className="btn primary" disabled={busy} data-testid="two-factor-enable">
          {t('account.twoFactor.enable')}
        </button>
        <button type="button" className="btn secondary" onClick={cancel}>
          {t('account.twoFactor.cancel')}
        </button>
      </div>
    </Form>
  );
}

function RecoveryCodes({ t, codes, done }: { t: T; codes: string[]; done: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  return (
    <section className="two-factor-codes" aria-labelledby="recovery-codes-title" data-testid="recovery-codes">
      <h2 id="recovery-codes-title">{t('account.twoFactor.codesTitle')}</h2>
      <p>{t('account.twoFactor.codesHint')}</p>
      <ol className="num">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="acc-actions">
        <button
          type="button"
          className="btn secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('account.twoFactor.copied') : t('account.twoFactor.copy')}
        </button>
        <a
          className="btn secondary"
          download="coinlens-recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          {t('account.twoFactor.download')}
        </a>
        <button type="button" className="btn primary" onClick={done} data-testid="recovery-codes-done">
          {t('account.twoFactor.saved')}
        </button>
      </div>
    </section>
  );
}

function Manage({ t, renewed, disabled }: { t: T; renewed: (codes: string[]) => void; disabled: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, note, run } = useSubmit();
  const { problems, check } = useProblems(t);
  const act = (what: 'recoveryCodes' | 'disable') => {
    if (!check({ password: password ? null : 'required', code: code.trim() ? null : 'required' })) return;
    return run(async () => {
      const res = await apiCall<{ recoveryCodes: string[] } | null>('POST', `/new/v1/user/twoFactor/${what}`, {
        body: { password, code },
      });
      setPassword('');
      setCode('');
      if (what === 'disable') disabled();
      else if (res.data) renewed(res.data.recoveryCodes);
      return { kind: 'ok', text: res.msg };
    }, t);
  };
  return (
    <Form onSubmit={() => act('recoveryCodes')} busy={busy} testId="two-factor-manage">
      <p>{t('account.twoFactor.manage')}</p>
      <Field
        label={t('account.common.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problems.password}
        testId="two-factor-password"
      />
      <Field
        label={t('account.twoFactor.anyCode')}
        autoComplete="one-time-code"
        maxLength={16}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={problems.code}
        testId="two-factor-code"
      />
      <FormNote note={note} testId="two-factor-note" />
      <div className="acc-actions">
        <button type="submit" className="btn primary" disabled={busy} data-testid="two-factor-renew">
          {t('account.twoFactor.renew')}
        </button>
        <button
          type="button"
          className="btn secondary"
          disabled={busy}
          onClick={() => void act('disable')}
          data-testid="two-factor-disable"
        >
          {t('account.twoFactor.disable')}
        </button>
      </div>
    </Form>
  );
}
