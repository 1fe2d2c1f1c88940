import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../src/server/logger.ts';
import { signedIn, uniqueIp } from '../helpers/accounts.ts';
import { api } from '../helpers/api.ts';
import { orderBody, stockedProduct } from '../helpers/orders.ts';

const report = (body: unknown, type: string, ip = uniqueIp()) =>
  api('/security/csp_report/', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': type },
    ip,
  });

const legacy = {
  'csp-report': {
    'document-uri': 'http://shop.test/kg/password/reset/MQ/secret-token-42/?next=%2Fkg%2F',
    referrer: '',
    'violated-directive': "script-src-elem 'self'",
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'",
    'blocked-uri': 'inline',
    'line-number': 12,
    'source-file': 'http://shop.test/kg/password/reset/MQ/secret-token-42/',
    'script-sample': 'alert(document.cookie)',
  },
};

const reportingApi = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'http://shop.test/kg/catalog/?q=x',
    user_agent: 'Chrome',
    body: {
      documentURL: 'http://shop.test/kg/catalog/?q=x',
      blockedURL: 'https://evil.example/x.js?c=1',
      effectiveDirective: 'script-src-elem',
      disposition: 'enforce',
      statusCode: 200,
    },
  },
  { type: 'deprecation', url: 'http://shop.test/kg/', body: { id: 'x' } },
  {
    type: 'csp-violation',
    url: 'http://shop.test/kg/cart/',
    body: { blockedURL: 'eval', effectiveDirective: 'script-src', lineNumber: 3 },
  },
];

describe('POST /security/csp_report/', () => {
  const warn = vi.spyOn(logger, 'warn');
  afterEach(() => warn.mockClear());

  it('POST /security/csp_report/ logs a report-uri report without the query or the tokens of a mailed link', async () => {
    const { status } = await report(legacy, 'application/csp-report');
    expect(status).toBe(204);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual([
      {
        csp: {
          document: 'http://shop.test/kg/password/reset/…/…/',
          blocked: 'inline',
          directive: 'script-src-elem',
          source: 'http://shop.test/kg/password/reset/…/…/',
          line: 12,
          sample: 'alert(document.cookie)',
        },
      },
      'Content-Security-Policy violation',
    ]);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('secret-token');
  });

  it('POST /security/csp_report/ logs each csp-violation of a Reporting API batch', async () => {
    const { status } = await report(reportingApi, 'application/reports+json');
    expect(status).toBe(204);
    expect(warn.mock.calls.map(([fields]) => (fields as { csp: object }).csp)).toEqual([
      { document: 'http://shop.test/kg/catalog/', blocked: 'https://evil.example/x.js', directive: 'script-src-elem' },
      { document: 'http://shop.test/kg/cart/', blocked: 'eval', directive: 'script-src', line: 3 },
    ]);
  });

  it('POST /security/csp_report/ refuses other media types and bodies that are no report', async () => {
    expect((await report(legacy, 'text/plain')).status).toBe(415);
    expect((await report('{"csp-report":', 'application/csp-report')).status).toBe(400);
    expect((await report({ hello: 'world' }, 'application/json')).status).toBe(400);
    expect((await report('x'.repeat(20_000), 'application/csp-report')).status).toBe(413);
    expect(warn).not.toHaveBeenCalled();
  });

  it('POST /security/csp_report/ takes 20 reports per 10 minutes from one address, then 429 without logging', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i += 1) expect((await report(legacy, 'application/csp-report', ip)).status).toBe(204);
    warn.mockClear();
    const refused = await report(legacy, 'application/csp-report', ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(warn).not.toHaveBeenCalled();
    expect((await report(legacy, 'application/csp-report')).status).toBe(204);
  });
});

describe('order numbers', () => {
  // The decision (README, Security): numbers stay sequential, so that they must tell nothing to anyone
  // but the order's owner, not even whether an order of that number exists.
  it("GET /orders/order_list/{number}/ answers another customer's order exactly as a number no order has", async () => {
    const product = await stockedProduct(5);
    const owner = await signedIn();
    const placed = await api('/orders/order_create/', {
      method: 'POST',
      token: owner.tokens.access,
      json: orderBody([{ product: product.id, quantity: 1 }]),
    });
    expect(placed.status).toBe(201);
    const number: string = placed.body.number;
    const next = number.replace(/\d+$/, (digits) => String(Number(digits) + 1000).padStart(digits.length, '0'));
    const stranger = await signedIn();
    const foreign = await api(`/orders/order_list/${number}/`, { token: stranger.tokens.access });
    const missing = await api(`/orders/order_list/${next}/`, { token: stranger.tokens.access });
    expect(foreign.status).toBe(404);
    expect({ status: foreign.status, body: foreign.body, cache: foreign.headers.get('cache-control') }).toEqual({
      status: missing.status,
      body: missing.body,
      cache: missing.headers.get('cache-control'),
    });
    expect((await api(`/orders/order_list/${number}/`)).status).toBe(401);
  });
});
