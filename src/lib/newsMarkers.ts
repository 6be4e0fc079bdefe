/**
 * News markers on price charts (issue 13): the shape the API sends and how items fall into the
 * chart's bars. Pure, shared by the server (route, tests) and the chart overlay.
 */

type NewsMarkerKind = 'flash' | 'announcement';

/** One flash news item or announcement about a coin, as `GET /api/v1/klines/news` lists it. */
export interface NewsMarker {
  /** Publication time, Unix milliseconds. */
  time: number;
  kind: NewsMarkerKind;
  id: number;
  title: string;
  /** The language the title is written in (a content locale: en, zh, zh-hk, ko). */
  locale: string;
  /** The item's page on this site without a locale prefix (`/lives/123`, `/announcement/45`). */
  url: string;
}

/** The items of one bar: one marker on the chart. */
export interface MarkerGroup {
  /** Open time of the bar, Unix milliseconds. */
  bar: number;
  /** Oldest first. */
  items: NewsMarker[];
}

/** At most this many headlines in a marker's card; the rest are counted ("+N more"). */
export const MARKER_CARD_ITEMS = 3;

/**
 * Puts items into the bars that hold their publication time. `bars` are bar open times in
 * ascending order; a bar lasts until the next one opens, the last one for `step` ms. Items
 * before the first bar or after the last one ends belong to no bar and are left out, so a
 * marker never sits on a bar that does not show its moment.
 * @example groupIntoBars([{ time: 90, … }], [0, 60, 120], 60) // [{ bar: 60, items: [ … ] }]
 */
export function groupIntoBars(items: readonly NewsMarker[], bars: readonly number[], step: number): MarkerGroup[] {
  const groups = new Map<number, NewsMarker[]>();
  const last = bars.at(-1);
  if (last === undefined) return [];
  for (const item of [...items].sort((a, b) => a.time - b.time || a.id - b.id)) {
    if (item.time < bars[0]! || item.time >= last + step) continue;
    // The last bar opening at or before the item (binary search: a year of hours is 8,760 bars).
    let lo = 0;
    let hi = bars.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (bars[mid]! <= item.time) lo = mid;
      else hi = mid - 1;
    }
    const bar = bars[lo]!;
    const list = groups.get(bar);
    if (list) list.push(item);
    else groups.set(bar, [item]);
  }
  return [...groups].map(([bar, list]) => ({ bar, items: list })).sort((a, b) => a.bar - b.bar);
}
