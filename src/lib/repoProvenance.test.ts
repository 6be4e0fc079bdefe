import { describe, expect, it } from 'vitest';
import type { Locale } from './i18n/index.ts';
import { repoProvenanceHtml, repoRowBadgeHtml, repoTableNoteHtml, type RepoProvenance } from './repoProvenance.ts';

const NOW = Date.parse('2025-01-10T12:00:00Z');
const view = (locale: Locale = 'en') => ({
  locale,
  now: NOW,
  t: (key: string, vars?: Record<string, string | number>) => (vars ? `${key}(${Object.values(vars).join('|')})` : key),
});
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();
const github = (h: number): RepoProvenance => ({ source: 'github', fetchedAt: hoursAgo(h) });
const demo: RepoProvenance = { source: 'demo', fetchedAt: null };

describe('repository provenance', () => {
  it('says GitHub and the figures’ age on the repository tab, the age as a <time>', () => {
    const line = repoProvenanceHtml(view(), github(3)).value;
    expect(line).toContain('data-source="github"');
    expect(line).toMatch(
      /provenance\.repoFrom\(<time datetime="2025-01-10T09:00:00.000Z" data-age>provenance\.ageHours\(3\)<\/time>\)/,
    );
  });

  it('labels the seeder’s figures as demo data, without an age', () => {
    const line = repoProvenanceHtml(view(), demo).value;
    expect(line).toContain('data-source="demo"');
    expect(line).toContain('<span class="badge demo">provenance.demoRow</span> provenance.repoDemoHint');
    expect(line).not.toContain('<time');
  });

  it('gives a ranking the oldest renewal on the page, and marks demo rows only beside GitHub’s', () => {
    const rows = [github(2), github(26), demo];
    const note = repoTableNoteHtml(view(), rows)!.value;
    expect(note).toContain('provenance.noteRepos(provenance.ageDays(1)) provenance.noteReposDemo');
    expect(repoRowBadgeHtml(view(), demo, rows)!.value).toContain('title="provenance.repoDemoHint"');
    expect(repoRowBadgeHtml(view(), rows[0]!, rows)).toBeNull();
    // Every row the seeder's: one sentence says so, and no row needs a badge.
    expect(repoTableNoteHtml(view(), [demo, demo])!.value).toContain('data-source="demo">provenance.noteReposAllDemo<');
    expect(repoRowBadgeHtml(view(), demo, [demo, demo])).toBeNull();
    expect(repoTableNoteHtml(view(), [])).toBeNull();
  });

  it('joins Chinese sentences without a space', () => {
    expect(repoTableNoteHtml(view('zh'), [github(1), demo])!.value).toContain(
      'provenance.noteRepos(provenance.ageHours(1))provenance.noteReposDemo',
    );
  });
});
