import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserCookies } from '~/lib/api/cookies.ts';

/** A `document.cookie` that behaves like a browser's jar: writes carry attributes, reads list `name=value` pairs. */
function stubDocumentCookie() {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair, ...attrs] = line.split('; ');
      const name = pair!.slice(0, pair!.indexOf('='));
      // Attribute names are case-insensitive (RFC 6265); js-cookie writes them in lower case.
      const expires = attrs.find((a) => /^expires=/i.test(a));
      if (expires && new Date(expires.slice(8)).getTime() <= Date.now()) jar.delete(name);
      else jar.set(name, pair!.slice(name.length + 1));
    },
  });
  return { jar, writes };
}

afterEach(() => vi.unstubAllGlobals());

describe('browser cookies', () => {
  it('writes path, expiry and SameSite, and reads the value back', () => {
    const { writes } = stubDocumentCookie();
    const expires = new Date(Date.now() + 60_000);
    browserCookies.set('token', 'a.b-c_d', { expires });
    expect(writes[0]).toBe(`token=a.b-c_d; path=/; expires=${expires.toUTCString()}; sameSite=Lax`);
    expect(browserCookies.get('token')).toBe('a.b-c_d');
  });

  it('tells cookies apart whose names share a prefix and encodes unsafe values', () => {
    stubDocumentCookie();
    const expires = new Date(Date.now() + 60_000);
    browserCookies.set('refresh_hint', 'x', { expires });
    browserCookies.set('refresh', 'a b;c', { expires });
    expect(browserCookies.get('refresh')).toBe('a b;c');
    expect(browserCookies.get('token')).toBeUndefined();
  });

  it('removes a cookie by expiring it', () => {
    const { jar } = stubDocumentCookie();
    browserCookies.set('token', 't', { expires: new Date(Date.now() + 60_000) });
    browserCookies.remove('token');
    expect(jar.has('token')).toBe(false);
    expect(browserCookies.get('token')).toBeUndefined();
  });
});
