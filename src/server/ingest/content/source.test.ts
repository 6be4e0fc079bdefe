import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchFeed, readSource, SourceError } from './source.ts';

describe('readSource', () => {
  it('reads a directory of feeds and Markdown files, reporting bad files', async () => {
    const r = await readSource('tests/fixtures/feeds');
    expect(r.documents).toBe(8);
    expect(r.items).toHaveLength(15);
    expect(r.skipped).toEqual([expect.objectContaining({ origin: 'markdown/bad-date.md' })]);
  });

  it('reads single files and refuses missing paths and other schemes', async () => {
    expect((await readSource('tests/fixtures/feeds/lives.atom.xml')).items).toHaveLength(4);
    expect((await readSource('tests/fixtures/feeds/markdown/halving-explainer.md')).items[0]!.kind).toBe('research');
    await expect(readSource('tests/fixtures/feeds/markdown/bad-date.md')).rejects.toThrow(SourceError);
    await expect(readSource('tests/fixtures/nope')).rejects.toThrow(/no such file or directory/);
    await expect(readSource('ftp://a.example/feed')).rejects.toThrow(/only http and https/);
  });

  it('fetches a feed URL (offline, through a stand-in fetch)', async () => {
    const xml = fs.readFileSync('tests/fixtures/feeds/news.rss.xml', 'utf8');
    let calls = 0;
    const fetchImpl = (async () => {
      calls++;
      return calls === 1 ? new Response('busy', { status: 503 }) : new Response(xml, { status: 200 });
    }) as typeof fetch;
    const r = await readSource('https://chainledger.example/feed/', { fetchImpl });
    expect(calls).toBe(2);
    expect(r.items).toHaveLength(6);
    await expect(
      fetchFeed('https://a.example/x', {
        fetchImpl: (async () => new Response('no', { status: 404 })) as typeof fetch,
      }),
    ).rejects.toThrow(/HTTP 404/);
  });
});
