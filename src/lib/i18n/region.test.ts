import { describe, expect, it } from 'vitest';
import { regionCode, regionName } from './region.ts';

describe('regionName', () => {
  it('translates stored English names and ISO codes into the reader language', () => {
    expect(regionName('Switzerland', 'zh')).toBe('瑞士');
    expect(regionName('CH', 'ko')).toBe('스위스');
    expect(regionName('United States', 'zh-hk')).toBe('美國');
    expect(regionName('South Korea', 'ko')).toBe('대한민국');
    expect(regionName('British Virgin Islands', 'zh')).toBe('英属维尔京群岛');
  });

  it('reads the names sources use, and shows Hong Kong briefly', () => {
    expect(regionCode('Turkey')).toBe('TR');
    expect(regionCode('united kingdom')).toBe('GB');
    expect(regionCode('UK')).toBe('GB');
    expect(regionName('Hong Kong', 'zh-hk')).toBe('香港');
    expect(regionName('Hong Kong', 'en')).toBe('Hong Kong');
  });

  it('keeps what it does not know and marks nothing as --', () => {
    expect(regionName('Atlantis', 'zh')).toBe('Atlantis');
    expect(regionName(null, 'en')).toBe('--');
    expect(regionName('  ', 'en')).toBe('--');
  });
});
