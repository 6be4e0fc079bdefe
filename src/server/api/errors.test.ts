import { describe, expect, it } from 'vitest';
import { DomainError, notFound, orMissing } from './errors.ts';

describe('orMissing', () => {
  it('gives what the loader found, null for a 404, and throws anything else on', async () => {
    expect(await orMissing(Promise.resolve({ id: 'bitcoin' }))).toEqual({ id: 'bitcoin' });
    expect(await orMissing(Promise.reject(notFound()))).toBeNull();
    await expect(orMissing(Promise.reject(new DomainError(401, 401, 'api.unauthorized')))).rejects.toMatchObject({
      status: 401,
    });
    await expect(orMissing(Promise.reject(new Error('database down')))).rejects.toThrow('database down');
  });
});
