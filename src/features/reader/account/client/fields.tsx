/**
 * Pieces every account form shares: labelled inputs, the phone field with its calling-code
 * select, the "Send code" button with its cooldown, the message line, and how a failed request
 * becomes words (the server's `msg`, already in the page's language, shown as it is).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  CALLING_CODES,
  composePhone,
  checkPhone,
  defaultCallingCode,
  SMS_COOLDOWN_S,
} from '../../../../lib/account.ts';
import { LOCALE_TAGS, type Locale } from '../../../../lib/i18n/index.ts';
import { ApiError } from '../../../../stores/api.ts';
import { $session, startSession } from '../../../../stores/session.ts';

export type T = (key: string, vars?: Record<string, string | number>) => string;

/** What a failed call says to the reader. */
export function errorText(e: unknown, t: T): string {
  if (e instanceof ApiError && e.status > 0 && e.message) return e.message;
  return t('account.common.network');
}

export type Note = { kind: 'error' | 'ok'; text: string } | null;

/** The result line under a form: an alert for errors, a polite status otherwise. */
export function FormNote({ note, testId }: { note: Note; testId?: string }) {
  return (
    <p
      className={note ? `form-note ${note.kind}` : 'form-note'}
      role={note?.kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {note?.text ?? ''}
    </p>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string | undefined;
  /** The field's own problem, shown under it and announced. */
  error?: string | null | undefined;
  testId?: string;
}

/** A labelled input with an optional hint and error. */
export function Field({ label, hint, error, testId, ...input }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        data-testid={testId}
        {...input}
      />
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-err`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

/** Region names in the page's language for the calling-code select (no strings to translate). */
function regionNames(locale: Locale): (region: string) => string {
  try {
    const names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'region' });
    return (r) => names.of(r) ?? r;
  } catch {
    return (r) => r;
  }
}

interface PhoneValue {
  callingCode: string;
  number: string;
}

export function usePhone(locale: Locale) {
  const [phone, setPhone] = useState<PhoneValue>({ callingCode: defaultCallingCode(locale), number: '' });
  const composed = composePhone(phone.callingCode, phone.number);
  return { phone, setPhone, composed, problem: checkPhone(composed) };
}

/** The phone field: a calling-code select (by locale: zh +86, ko +82, zh-hk +852, en +1) and the number. */
export function PhoneField({
  locale,
  t,
  value,
  onChange,
  label,
  error,
  testId = 'phone',
}: {
  locale: Locale;
  t: T;
  value: PhoneValue;
  onChange: (v: PhoneValue) => void;
  label?: string;
  error?: string | null | undefined;
  testId?: string;
}) {
  const id = useId();
  const name = useMemo(() => regionNames(locale), [locale]);
  return (
    <div className="field">
      <label htmlFor={id}>{label ?? t('account.common.phone')}</label>
      <div className="phone-row">
        <select
          aria-label={t('account.common.callingCode')}
          value={value.callingCode}
          onChange={(e) => onChange({ ...value, callingCode: e.target.value })}
          data-testid={`${testId}-cc`}
        >
          {CALLING_CODES.map((c) => (
            <option key={c.region} value={c.code}>
              +{c.code} {name(c.region)}
            </option>
          ))}
        </select>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          value={value.number}
          onChange={(e) => onChange({ ...value, number: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          data-testid={testId}
        />
      </div>
      {error && (
        <small id={`${id}-err`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

/**
 * "Send code": runs `send` (which asks the server for a code and rejects with its message), then
 * counts down the 60 s the server makes a phone wait before the next code.
 */
export function SendCodeButton({
  t,
  send,
  disabled,
  label,
  testId = 'send-code',
}: {
  t: T;
  send: () => Promise<void>;
  disabled?: boolean;
  label?: string;
  testId?: string;
}) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => () => void (timer.current && clearInterval(timer.current)), []);
  const start = () => {
    setLeft(SMS_COOLDOWN_S);
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1 && timer.current) {
          clearInterval(timer.current);
          timer.current = null;
        }
        return Math.max(0, s - 1);
      });
    }, 1000);
  };
  return (
    <button
      type="button"
      className="btn secondary"
      disabled={disabled || busy || left > 0}
      data-testid={testId}
      onClick={async () => {
        setBusy(true);
        try {
          await send();
          start();
        } catch {
          /* the caller shows why */
        } finally {
          setBusy(false);
        }
      }}
    >
      {left > 0 ? t('account.common.resendIn', { s: left }) : (label ?? t('account.common.sendCode'))}
    </button>
  );
}

/**
 * Tabs over the panels of a form page (buttons with aria roles). `panel` is the id of the tab panel
 * they show, which names the active tab as its label ({@link tabId}).
 */
export function Tabs<K extends string>({
  label,
  tabs,
  active,
  onChange,
  panel,
}: {
  label: string;
  tabs: { key: K; label: string }[];
  active: K;
  onChange: (k: K) => void;
  panel?: string;
}) {
  const id = useId();
  return (
    <div className="acc-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          id={panel ? tabId(panel, tab.key) : `${id}-${tab.key}`}
          aria-selected={tab.key === active}
          aria-controls={panel}
          tabIndex={tab.key === active ? 0 : -1}
          onClick={() => onChange(tab.key)}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
            const i = tabs.findIndex((x) => x.key === active);
            const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
            onChange(next.key);
            document.getElementById(panel ? tabId(panel, next.key) : `${id}-${next.key}`)?.focus();
          }}
          data-testid={`tab-${tab.key}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The id of the tab that shows `key` in the panel `panel`. */
export const tabId = (panel: string, key: string) => `${panel}-tab-${key}`;

/** A form that reports its busy state to assistive technology. */
export function Form({
  onSubmit,
  busy,
  children,
  testId,
}: {
  onSubmit: () => unknown;
  busy: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <form
      className="acc-form"
      noValidate
      aria-busy={busy}
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * The session, started before the first render (the cookie and stored profile are read at once;
 * a stale profile is fetched again), so a signed-in reader never sees the signed-out state flash.
 * The account islands render in the browser only (`client:only`): the page around them is the
 * same for everyone.
 */
export function useSession() {
  useState(() => {
    if (typeof window !== 'undefined') void startSession();
    return null;
  });
  return useStore($session);
}

/** Busy flag and result line of one form. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  /** Runs one request; its note (or the error's words) becomes the result line. True on success. */
  // biome-ignore lint/suspicious/noConfusingVoidType: an action may return nothing (no note) as well as a note
  const run = async (action: () => Promise<Note | void>, t: T): Promise<boolean> => {
    setBusy(true);
    setNote(null);
    try {
      const result = await action();
      if (result) setNote(result);
      return true;
    } catch (e) {
      setNote({ kind: 'error', text: errorText(e, t) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, note, setNote, run };
}

/**
 * Field problems by name, from rule checks that answer a message key under
 * `account.validation` (or null); true when there are none.
 */
export function useProblems(t: T) {
  const [problems, setProblems] = useState<Record<string, string | null>>({});
  const check = (found: Record<string, string | null | false | undefined>) => {
    const out = Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v ? t(`account.validation.${v}`) : null]));
    setProblems(out);
    return !Object.values(out).some(Boolean);
  };
  return { problems, check, clear: () => setProblems({}) };
}
