/**
 * What the passkey forms share (the user centre's list, the login dialog): whether the browser
 * can use passkeys, and its refusals in the reader's words. The WebAuthn code itself
 * (@simplewebauthn/browser) is imported only when a passkey is used.
 */
import { errorText, type T } from './fields.tsx';

/** Whether this browser can make and use passkeys at all. */
export const webAuthnAvailable = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** A refusal of the device (cancelled, timed out): said in the reader's words, not the browser's. */
export function deviceError(e: unknown, t: T, key: string): string {
  const name = (e as { name?: string; cause?: { name?: string } })?.cause?.name ?? (e as { name?: string })?.name;
  return name === 'NotAllowedError' || name === 'AbortError' ? t(key) : errorText(e, t);
}

/** Asks the device to sign the server's options; the answer goes back to the server as it is. */
export async function signWithPasskey(optionsJSON: unknown): Promise<unknown> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: optionsJSON as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
}
