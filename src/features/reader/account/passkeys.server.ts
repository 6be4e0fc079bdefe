/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): registered in the user centre with the
 * password, then a sign-in of their own (the device checks the reader: two factors in one, so no
 * other code is asked) or the second factor of a password or SMS sign-in when two-factor sign-in
 * is on. Only public keys are stored. Every challenge is random, single use and five minutes
 * long (codes.ts); the origin and relying party are the site's own (SITE_URL), so a look-alike
 * site cannot use what the reader's device signs.
 */
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { passkeys } from '../../../server/db/schema/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import {
  consumeLink,
  digest,
  issueNonce,
  issueSignedNonce,
  peekLink,
  takeNonce,
  takeSignedNonce,
} from '../../../server/auth/codes.ts';
import type { AuthUser } from '../../../server/auth/tokens.ts';
import {
  type Caller,
  expectPassword,
  guardIp,
  signIn,
  type SignedIn,
  tellAccount,
  userById,
  type UserRow,
} from './account.server.ts';
import { invalid } from './rules.ts';

/** Passkeys an account may keep. */
export const PASSKEY_LIMIT = 10;

/** The site as WebAuthn names it: the origin pages are served from and its host name. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export interface PasskeyView {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced to the reader's other devices (a password manager, iCloud Keychain …). */
  synced: boolean;
}

const refused = () => invalid('passkey.refused');

/** The challenge the browser's authenticator signed, as the options sent it (base64url). */
function signedChallenge(response: { response?: { clientDataJSON?: unknown } }): string {
  try {
    const json = JSON.parse(Buffer.from(String(response.response?.clientDataJSON ?? ''), 'base64url').toString('utf8'));
    return typeof json?.challenge === 'string' ? json.challenge : '';
  } catch {
    return '';
  }
}

/** A response shaped as the browser package sends it; anything else is refused before the library sees it. */
function credentialResponse<T>(input: unknown): T {
  const r = input as { id?: unknown; rawId?: unknown; type?: unknown; response?: unknown };
  if (
    !r ||
    typeof r !== 'object' ||
    typeof r.id !== 'string' ||
    !/^[A-Za-z0-9_-]{16,1366}$/.test(r.id) ||
    r.type !== 'public-key' ||
    !r.response ||
    typeof r.response !== 'object'
  )
    throw refused();
  return input as T;
}

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyView[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    synced: p.backedUp,
  }));
}

/** POST user/passkeys/options: the password again, then what the browser needs to create a passkey. */
export async function registrationOptions(db: Db, rp: RelyingParty, userId: number, password: string) {
  const user = await expectPassword(db, userId, password);
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, userId));
  if (existing.length >= PASSKEY_LIMIT) throw invalid('passkey.tooMany', { count: PASSKEY_LIMIT });
  const nonce = await issueNonce(db, 'passkey_register', userId);
  return generateRegistrationOptions({
    rpName: 'Coinlens',
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.nickname || user.username,
    // An opaque handle: the account's number does not go into the authenticator.
    userID: Buffer.from((await digest(db, 'webauthn_user', String(userId))).slice(0, 32), 'hex'),
    challenge: Buffer.from(nonce, 'base64url'),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports ?? [] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** POST user/passkeys: the browser's new credential for a challenge this account asked for. */
export async function addPasskey(
  db: Db,
  caller: Caller,
  rp: RelyingParty,
  me: AuthUser,
  input: { response: unknown; name: string },
): Promise<PasskeyView[]> {
  const response = credentialResponse<RegistrationResponseJSON>(input.response);
  const challenge = signedChallenge(response);
  const issued = await takeNonce(db, 'passkey_register', challenge);
  if (!issued || issued.userId !== me.id) throw refused();
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!result.verified) throw refused();
  const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, me.id));
  if (n >= PASSKEY_LIMIT) throw invalid('passkey.tooMany', { count: PASSKEY_LIMIT });
  const added = await db
    .insert(passkeys)
    .values({
      userId: me.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? null,
      name: input.name,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (!added.length) throw new DomainError(409, 4097, 'auth.passkey.known');
  await tellAccount(db, caller, await userById(db, me.id), 'passkeyAdded', { device: input.name });
  return listPasskeys(db, me.id);
}

/** POST user/passkeys/remove: one of the account's own passkeys, by its number. */
export async function removePasskey(db: Db, caller: Caller, me: AuthUser, id: number): Promise<PasskeyView[]> {
  const [gone] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, me.id)))
    .returning({ name: passkeys.name });
  if (!gone) throw new DomainError(404, 404, 'auth.passkey.notFound');
  await tellAccount(db, caller, await userById(db, me.id), 'passkeyRemoved', { device: gone.name });
  return listPasskeys(db, me.id);
}

/** POST login/passkey/options: a challenge for any passkey of this site (the device offers its own). */
export async function signInOptions(db: Db, rp: RelyingParty) {
  const nonce = await issueSignedNonce(db, 'passkey_login');
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    challenge: Buffer.from(nonce, 'base64url'),
  });
}

/** POST login/passkey: a session for the passkey's account (its device checked the reader: no second code). */
export async function signInWithPasskey(db: Db, caller: Caller, rp: RelyingParty, input: unknown): Promise<SignedIn> {
  await guardIp(db, caller, 'attempts');
  const response = credentialResponse<AuthenticationResponseJSON>(input);
  const challenge = signedChallenge(response);
  if (!(await takeSignedNonce(db, 'passkey_login', challenge))) throw refused();
  const user = await verifyAssertion(db, rp, response, challenge, null);
  return signIn(db, caller, user);
}

/**
 * POST login/twoFactor/passkey/options: the sign-in challenge of a password or SMS sign-in, for
 * the account's own passkeys.
 */
export async function secondFactorOptions(db: Db, rp: RelyingParty, challenge: string) {
  const found = await peekLink(db, 'second_factor', challenge);
  if (!found.ok) throw new DomainError(401, 4016, 'auth.twoFactor.challengeGone');
  const own = await db.select().from(passkeys).where(eq(passkeys.userId, found.userId));
  if (!own.length) throw refused();
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports ?? [] })),
    challenge: Buffer.from(challenge, 'base64url'),
  });
}

/** POST login/twoFactor with a passkey: the sign-in challenge signed by one of the account's passkeys. */
export async function answerWithPasskey(
  db: Db,
  caller: Caller,
  rp: RelyingParty,
  input: { challenge: string; response: unknown },
): Promise<SignedIn> {
  await guardIp(db, caller, 'attempts');
  const found = await peekLink(db, 'second_factor', input.challenge);
  if (!found.ok) throw new DomainError(401, 4016, 'auth.twoFactor.challengeGone');
  const response = credentialResponse<AuthenticationResponseJSON>(input.response);
  if (signedChallenge(response) !== input.challenge) throw refused();
  const user = await verifyAssertion(db, rp, response, input.challenge, found.userId);
  if (!(await consumeLink(db, found.id))) throw new DomainError(401, 4016, 'auth.twoFactor.challengeGone');
  return signIn(db, caller, user);
}

/** Whether the account has a passkey (the sign-in challenge offers it then). */
export async function hasPasskey(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return !!row;
}

/**
 * The stored passkey that signed `challenge`, checked (and, with `userId`, one of that account's);
 * its counter and last use are recorded. Its account, or 400.
 */
async function verifyAssertion(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  userId: number | null,
): Promise<UserRow> {
  const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!key || (userId !== null && key.userId !== userId)) throw refused();
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(key.publicKey),
      counter: key.counter,
      transports: (key.transports ?? []) as never,
    },
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!result.verified || !result.authenticationInfo) throw refused();
  // A cloned authenticator shows an old count: only one that grows (or stays 0) passes.
  const next = result.authenticationInfo.newCounter;
  const [moved] = await db
    .update(passkeys)
    .set({ counter: next, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, key.id), next === 0 ? sql`${passkeys.counter} = 0` : sql`${passkeys.counter} < ${next}`))
    .returning({ id: passkeys.id });
  if (!moved) throw refused();
  return userById(db, key.userId);
}
