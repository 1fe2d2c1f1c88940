import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../../src/server/errors.ts';
import { errorPageResponse } from '../../../src/server/web/error-page.ts';

const request = new Request('http://shop.test/kg/catalog/kompozity/');

describe('the pages error page', () => {
  it('answers 503 with Retry-After when the database cannot be reached, never 404', async () => {
    const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (const error of [new ServiceUnavailableError(2), new Error('Failed query', { cause: lost })]) {
      const response = errorPageResponse(error, request);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toContain('Магазин ненадолго недоступен');
    }
  });

  it('answers 500 for any other error: static HTML that runs nothing', async () => {
    const response = errorPageResponse(new TypeError('x is undefined'), request);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<h1>Что-то пошло не так</h1>');
    expect(html).not.toContain('<script');
  });
});
