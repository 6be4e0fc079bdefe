import { describe, expect, it } from 'vitest';
import { createApi } from './app.ts';
import { openApiDocument, operations, undocumentedRoutes } from './openapi.ts';

const app = createApi();

describe('the API contract', () => {
  it('documents every route (a route without doc() fails here)', () => {
    expect(operations(app).length).toBeGreaterThan(100);
    expect(undocumentedRoutes(app)).toEqual([]);
  });

  it('is OpenAPI 3.1 with every route, its parameters from the zod schemas, and who may call it', () => {
    const document = openApiDocument(app, { version: 'test' }) as {
      openapi: string;
      // biome-ignore lint/suspicious/noExplicitAny: the test walks the generated document freely
      paths: Record<string, Record<string, any>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const count = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(count).toBe(operations(app).length);
    const coins = document.paths['/api/v1/coins']!.get;
    const size = coins.parameters.find((p: { name: string }) => p.name === 'size');
    expect(size).toMatchObject({ in: 'query', required: false });
    const sort = coins.parameters.find((p: { name: string }) => p.name === 'sort');
    expect(sort.schema.enum).toContain('marketCap');
    expect(coins.parameters.find((p: { name: string }) => p.name === 't')).toMatchObject({ required: true });
    expect(document.paths['/api/v1/coins/{id}']!.get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
    expect(document.paths['/api/new/v1/getUser']!.get.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/new/v2/announcements']!.get.security).toEqual([{}, { bearer: [] }]);
    expect(document.paths['/api/v1/coins']!.get.security).toEqual([]);
    expect(
      document.paths['/api/new/v1/register']!.post.requestBody.content['application/json'].schema.required,
    ).toEqual(['userName', 'email', 'password']);
    expect(document.paths['/api/health']!.get.parameters.map((p: { name: string }) => p.name)).toEqual(['lan']);
  });
});
