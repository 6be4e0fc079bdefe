/**
 * Where repository activity comes from, in markup: GitHub's API with the figures' age (when
 * GitHub last answered for the repository), or the demo seeder's invention, labelled as such.
 * The coin's repository tab and the two repository rankings show it.
 */
import { html, type SafeHtml } from './html.ts';
import { ageText, sentenceWithAge, type AgeView } from './provenance.ts';

export interface RepoProvenance {
  source: 'github' | 'demo';
  /** When GitHub last answered (ISO); null for demo figures. */
  fetchedAt: string | null;
}

/** The repository tab's line: "From GitHub, updated 3 h ago", or the demo badge and why. */
export function repoProvenanceHtml(v: AgeView, r: RepoProvenance): SafeHtml {
  const inner =
    r.source === 'github'
      ? sentenceWithAge(v, 'provenance.repoFrom', r.fetchedAt)
      : html`<span class="badge demo">${v.t('provenance.demoRow')}</span> ${v.t('provenance.repoDemoHint')}`;
  return html`<p class="provenance muted" data-testid="repo-provenance" data-source="${r.source}">${inner}</p>`;
}

/** The demo badge of a ranking row, when the page mixes GitHub's rows with the seeder's; else nothing. */
export function repoRowBadgeHtml(v: AgeView, row: RepoProvenance, rows: readonly RepoProvenance[]): SafeHtml | null {
  if (row.source !== 'demo' || !rows.some((r) => r.source === 'github')) return null;
  return html` <span class="badge demo" title="${v.t('provenance.repoDemoHint')}" data-testid="demo-row">${v.t('provenance.demoRow')}</span>`;
}

/**
 * A repository ranking's footnote: GitHub and the oldest renewal on the page, and what the demo
 * badge marks; or, when every row is the seeder's, that they all are. Null without rows.
 */
export function repoTableNoteHtml(v: AgeView, rows: readonly RepoProvenance[]): SafeHtml | null {
  if (!rows.length) return null;
  const github = rows.filter((r) => r.source === 'github' && r.fetchedAt !== null);
  if (!github.length)
    return html`<p class="table-note muted" data-testid="repo-table-note" data-source="demo">${v.t('provenance.noteReposAllDemo')}</p>`;
  const oldest = github.reduce(
    (a, r) => (Date.parse(r.fetchedAt!) < Date.parse(a) ? r.fetchedAt! : a),
    github[0]!.fetchedAt!,
  );
  const sentences = [v.t('provenance.noteRepos', { age: ageText(v, oldest) })];
  if (github.length < rows.length) sentences.push(v.t('provenance.noteReposDemo'));
  // Chinese sentences end in a full-width stop and take no space after it.
  const gap = v.locale === 'zh' || v.locale === 'zh-hk' ? '' : ' ';
  return html`<p class="table-note muted" data-testid="repo-table-note" data-source="github">${sentences.join(gap)}</p>`;
}
