/**
 * GitHub's recorded answers (tests/fixtures/github/<name>.json: the status, the headers GitHub
 * sends and the body in its exact shape) as answers of the fake upstream, and the routes of one
 * repository's four reads (its ETags answered with 304 when a request sends them back).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FakeAnswer, FakeRoute, FakeUpstream } from './fakeUpstream.ts';

const DIR = path.resolve(import.meta.dirname, '../fixtures/github');

export function githubAnswer(name: string): FakeAnswer & { headers: Record<string, string> } {
  const a = JSON.parse(readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as FakeAnswer;
  return { ...a, headers: a.headers ?? {} };
}

/** Answers `answer`, or 304 when the request carries its ETag (GitHub's conditional requests). */
export function conditional(up: () => FakeUpstream, urlPath: string, answer: FakeAnswer): FakeRoute {
  return () => {
    const sent = up().requests.findLast((r) => r.path === urlPath)?.headers['if-none-match'];
    return sent && sent === answer.headers?.etag ? githubAnswer('not-modified') : answer;
  };
}

/** The routes of a repository's four reads, from recorded answers, each honouring its ETag. */
export function repoRoutes(
  up: () => FakeUpstream,
  fullName: string,
  names: { repo: string; activity: string; contributors: string; commits: string },
): Record<string, FakeRoute> {
  const base = `/repos/${fullName}`;
  const paths = {
    repo: base,
    activity: `${base}/stats/commit_activity`,
    contributors: `${base}/contributors`,
    commits: `${base}/commits`,
  };
  return Object.fromEntries(
    (Object.keys(paths) as (keyof typeof paths)[]).map((k) => [
      paths[k],
      conditional(up, paths[k], githubAnswer(names[k])),
    ]),
  );
}
