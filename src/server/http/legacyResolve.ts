/**
 * The database half of the legacy redirects (see legacyRedirect.ts): does the item a legacy link
 * names exist, and under which canonical id. Kept apart so the mapping stays a pure unit.
 */
import type { Db } from '../db/index.ts';
import { findExchange, getAnnouncement } from '../../features/content/announcements/index.ts';
import { DomainError } from '../api/errors.ts';
import { coinIconInfo } from '../../features/market/coins/index.ts';
import { getOffering } from '../../features/content/offerings/index.ts';
import { legacyRedirect, legacyTarget, type LegacyKind, type LegacyRoute } from './legacyRedirect.ts';

/** The canonical id of an existing item, or undefined. */
async function canonicalId(db: Db, kind: LegacyKind, key: string): Promise<string | undefined> {
  try {
    switch (kind) {
      case 'coin':
        return (await coinIconInfo(db, key)) ? key : undefined;
      case 'exchange':
        return (await findExchange(db, key)).name;
      case 'announcement':
        return String((await getAnnouncement(db, Number(key))).id);
      case 'offering':
        // A numeric id or an old slug answers with today's slug.
        return (await getOffering(db, key)).slug;
    }
  } catch (e) {
    if (e instanceof DomainError && e.status === 404) return undefined;
    throw e;
  }
}

export interface LegacyMiss {
  kind: LegacyKind;
  /** No id given, a malformed one, or a well-formed id that names nothing. */
  reason: 'missing' | 'invalid' | 'unknown';
}

/** The redirect for a legacy request, or why there is none (the page then answers 404). */
export async function resolveLegacy(
  db: Db,
  base: string,
  route: LegacyRoute,
  pathParam: string | undefined,
  url: URL,
): Promise<Response | LegacyMiss> {
  const target = legacyTarget(route, pathParam, url.searchParams);
  if (!target.ok) return { kind: target.kind, reason: target.reason };
  const id = await canonicalId(db, target.kind, target.key);
  if (id === undefined) return { kind: target.kind, reason: 'unknown' };
  return legacyRedirect(base, target.rebuild(id), target.search);
}
