/**
 * The content sources: which feeds and endpoints the content ingest reads, in which language and
 * for which kind, with the name and licence readers see. One file holds them
 * (`config/content-sources.json`); CONTENT_SOURCES names another file of the same shape.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import defaults from '../../../../config/content-sources.json' with { type: 'json' };
import { config } from '../../../server/config.ts';

export const CONTENT_KINDS = ['news', 'research', 'lives', 'announcements'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

const httpUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL');

export const contentSourceSchema = z.object({
  /** Stored on every row it brings (`source`): never change it once items are stored. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,40}$/, 'lower-case letters, digits and dashes'),
  name: z.string().trim().min(1).max(80),
  kind: z.enum(CONTENT_KINDS),
  /** The languages asked for (one request each); a feed has one. */
  locales: z.array(z.enum(['en', 'zh', 'zh-hk', 'ko'])).min(1),
  /** How it is read: 'feed' (RSS, Atom, RDF, JSON Feed) or a named adapter. */
  adapter: z.string().default('feed'),
  /** The feed, or the API's base URL. */
  url: httpUrl,
  homepage: httpUrl,
  licence: z.string().trim().min(1).max(400),
  everyMinutes: z.number().int().min(1).max(1440).default(10),
  /** Announcements: the exchange (exchanges.name) they belong to. */
  exchange: z.string().optional(),
});
export type ContentSource = z.infer<typeof contentSourceSchema>;

const fileSchema = z.object({ sources: z.array(contentSourceSchema) }).superRefine((f, ctx) => {
  const seen = new Set<string>();
  for (const [i, s] of f.sources.entries()) {
    if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: ['sources', i, 'id'], message: `repeats "${s.id}"` });
    seen.add(s.id);
    if (s.adapter === 'feed' && s.locales.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['sources', i, 'locales'], message: 'a feed has one language' });
  }
});

/**
 * Reads a sources file's JSON; throws with the file and the field at fault.
 * @example parseCatalogue(JSON.parse(text), 'my-sources.json')
 */
export function parseCatalogue(json: unknown, origin: string): ContentSource[] {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${origin}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data.sources;
}

let cached: { path: string; sources: ContentSource[] } | undefined;

/** The configured content sources (CONTENT_SOURCES's file, else the built-in list), read once. */
export function contentSources(): ContentSource[] {
  const path = config().CONTENT_SOURCES;
  if (cached?.path !== path) {
    const sources = path
      ? parseCatalogue(JSON.parse(readFileSync(path, 'utf8')), path)
      : parseCatalogue(defaults, 'config/content-sources.json');
    cached = { path, sources };
  }
  return cached.sources;
}

/** A source's name for readers: the catalogue's, else the link's host, else null (demo, import). */
export function sourceName(id: string | null | undefined, link?: string | null): string | null {
  let known: ContentSource | undefined;
  try {
    known = id ? contentSources().find((s) => s.id === id) : undefined;
  } catch {
    // A broken CONTENT_SOURCES file is the ingest's to report; a page still names the host.
  }
  if (known) return known.name;
  if (id === 'demo' || !link) return null;
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}
