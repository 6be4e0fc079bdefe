/** What the offering lists (/ieo, /ieo/ieo-roi) read from their URL, and the kind-and-status check of the API's. */
import { DomainError } from '../../../server/api/errors.ts';
import { parseListPage, readListQuery } from '../../../lib/listQuery.ts';
import { LIST_SIZES } from '../../../lib/pageSizes.ts';
import {
  isPhaseOf,
  OFFERING_KINDS,
  OFFERING_SORTS,
  OFFERING_STATUSES,
  type OfferingKind,
  type OfferingQuery,
  type OfferingStatus,
} from './offerings.server.ts';

/** Throws a 400 for a status that is not a phase of the kind asked for (e.g. kind=ICO&status=preheating). */
export function checkKindStatus(kind: OfferingKind | undefined, status: OfferingStatus | undefined): void {
  if (kind && status && !isPhaseOf(kind, status)) {
    throw new DomainError(400, 400, 'api.invalidParam', {
      field: 'status',
      message: `${status} is not a phase of ${kind}`,
    });
  }
}

/**
 * What /ieo reads from its URL (page, size, sort, order, type, status of that type, platform),
 * for the page and its exports alike. Unknown filter values fall back to "all".
 */
export function readOfferingQuery(
  params: URLSearchParams,
  defaultSize: number = LIST_SIZES.offerings,
): OfferingQuery & { page: number } {
  const { size, sort, order } = readListQuery(params, OFFERING_SORTS, [], defaultSize);
  const rawKind = params.get('kind');
  const kind = (OFFERING_KINDS as readonly string[]).includes(rawKind ?? '') ? (rawKind as OfferingKind) : undefined;
  const rawStatus = params.get('status') ?? '';
  const status =
    (OFFERING_STATUSES as readonly string[]).includes(rawStatus) && (!kind || isPhaseOf(kind, rawStatus))
      ? (rawStatus as OfferingStatus)
      : undefined;
  const rawPlatform = params.get('platform')?.trim() ?? '';
  const platform = rawPlatform && rawPlatform.length <= 80 ? rawPlatform : undefined;
  return { page: parseListPage(params.get('page') ?? undefined) ?? 1, size, kind, status, platform, sort, order };
}

/** What /ieo/ieo-roi reads from its URL: the ROI ranking of traded offerings, one type or all. */
export function readRoiQuery(
  params: URLSearchParams,
  defaultSize: number = LIST_SIZES['offering-roi'],
): OfferingQuery & { order: 'asc' | 'desc' } {
  const { size } = readListQuery(params, [] as const, [], defaultSize);
  const rawKind = params.get('kind');
  const kind = (OFFERING_KINDS as readonly string[]).includes(rawKind ?? '') ? (rawKind as OfferingKind) : undefined;
  return {
    page: parseListPage(params.get('page') ?? undefined) ?? 1,
    size,
    kind,
    sort: 'roi',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    withRoi: true,
  };
}
