/**
 * Secrets generated once and shared by every instance on the same database: the first
 * instance to start inserts a random value, the others (and later starts) read it.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

const cache = new WeakMap<Db, Map<string, Promise<string>>>();

/** The named secret (base64url, 48 random bytes), created on first use. */
export function sharedSecret(db: Db, name: string): Promise<string> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let value = byName.get(name);
  if (!value) {
    value = load(db, name);
    value.catch(() => byName.delete(name));
    byName.set(name, value);
  }
  return value;
}

async function load(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
