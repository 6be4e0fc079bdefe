/**
 * This browser as a Web Push device (SPEC §7 "Push": POST push/chrome_notificate with the events
 * add, login_in and login_out). The device id is the `msgToken` cookie (one day, refreshed while
 * notifications are on); the subscription comes from the service worker /sw.js, which shows the
 * notifications. Loaded on demand: by the notification buttons, and by the session store at
 * sign-in and logout (only when notifications were ever allowed here).
 */
import { base64UrlBytes, forgetIid, keepIid, newIid, sameKey, storedIid } from '../lib/pushDevice.ts';
import { ApiError, apiCall, apiGet } from './api.ts';
import { signedIn } from '../lib/cookies.ts';

/** What the notification button shows. */
type PushState = 'unsupported' | 'denied' | 'off' | 'enabled';

const NOTIFICATE = '/new/v1/push/chrome_notificate';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker's registration, if /sw.js was ever registered here. */
async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await existingRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

const post = (body: Record<string, unknown>) => apiCall<{ iid: string; linked: boolean }>('POST', NOTIFICATE, { body });

/** Registers (or refreshes) the device under `iid` and keeps the cookie one more day. */
async function add(iid: string, subscription: PushSubscription): Promise<void> {
  await post({ event: 'add', iid, subscription: subscription.toJSON() });
  keepIid(iid);
}

/** Links the device to the signed-in user; a device the server forgot is registered again first. */
async function link(iid: string, subscription: PushSubscription): Promise<void> {
  try {
    await post({ event: 'login_in', iid });
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 404)) throw e;
    await add(iid, subscription);
    await post({ event: 'login_in', iid });
  }
}

/**
 * The state to show, tidying up on the way: a subscription whose cookie expired (one day) is
 * registered again under a new id and linked to the signed-in reader.
 */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const subscription = await currentSubscription();
  if (!subscription) return 'off';
  let iid = storedIid();
  if (!iid) {
    iid = newIid();
    await add(iid, subscription);
    if (signedIn()) await link(iid, subscription);
  } else {
    keepIid(iid);
  }
  return 'enabled';
}

/**
 * Turns notifications on for this browser and the signed-in reader: permission, the service
 * worker, a push subscription with the server's VAPID key, then `add` and `login_in`.
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await apiGet<{ publicKey: string }>('/new/v1/push/vapidKey');
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
    // Made with another server key (the site's keys changed): the push service would refuse our pushes.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlBytes(publicKey),
  });
  const iid = storedIid() ?? newIid();
  await add(iid, subscription);
  if (signedIn()) await link(iid, subscription);
  return 'enabled';
}

/** Turns them off here: the push subscription ends and the server unlinks the device. */
export async function disablePush(): Promise<PushState> {
  const subscription = pushSupported() ? await currentSubscription() : null;
  const iid = storedIid();
  if (iid) await post({ event: 'login_out', iid });
  forgetIid();
  await subscription?.unsubscribe();
  return pushSupported() ? (Notification.permission === 'denied' ? 'denied' : 'off') : 'unsupported';
}

/** At sign-in (session store): this browser's notifications now go to the reader who signed in. */
export async function deviceSignedIn(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  let iid = storedIid();
  if (!iid) {
    iid = newIid();
    await add(iid, subscription);
  }
  await link(iid, subscription);
}

/**
 * At logout (session store): the device stops notifying the account (`login_out`). Without the
 * cookie (older than a day) the subscription is registered under a new id, which replaces the
 * old linked device on the server: the same effect.
 */
export async function deviceSignedOut(): Promise<void> {
  const iid = storedIid();
  if (iid) {
    await post({ event: 'login_out', iid });
    return;
  }
  if (!pushSupported()) return;
  const subscription = await currentSubscription();
  if (subscription) await add(newIid(), subscription);
}
