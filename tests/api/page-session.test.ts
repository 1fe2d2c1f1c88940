import type { AstroCookies } from 'astro';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, TOKEN_COOKIE } from '../../src/shared/session-cookies.ts';
import { getPageUser, requirePageUser } from '../../src/server/web/page-session.ts';
import { signedIn } from '../helpers/accounts.ts';
import { dbRows } from '../helpers/api.ts';

/** A page request's context as Astro gives it: the browser's cookies, and what the page sets or deletes. */
function pageRequest(cookies: Record<string, string>, pathname = '/kg/account/') {
  const set = new Map<string, string>();
  const deleted = new Set<string>();
  const jar = {
    get: (name: string) => (name in cookies ? { value: cookies[name]! } : undefined),
    set: (name: string, value: string) => void set.set(name, value),
    delete: (name: string) => void deleted.add(name),
  } as unknown as AstroCookies;
  return {
    context: { cookies: jar, url: new URL(`http://shop.test${pathname}`), response: { headers: new Headers() } },
    set,
    deleted,
  };
}

describe('a page request signed in by its cookies', () => {
  it('a page whose access token has expired rotates the pair, sets both cookies and is the person’s', async () => {
    const { user, tokens } = await signedIn();
    const page = pageRequest({ [REFRESH_COOKIE]: tokens.refresh });
    expect((await getPageUser(page.context))?.id).toBe(user.id);
    expect([...page.set.keys()].sort()).toEqual([REFRESH_COOKIE, TOKEN_COOKIE].sort());
    expect(page.set.get(REFRESH_COOKIE)).not.toBe(tokens.refresh);
  });

  it('two pages loaded at once with one expired pair are both the person’s; only one sets the new cookies', async () => {
    const { user, tokens } = await signedIn();
    const pages = [
      pageRequest({ [REFRESH_COOKIE]: tokens.refresh }),
      pageRequest({ [REFRESH_COOKIE]: tokens.refresh }),
    ];
    const users = await Promise.all(pages.map((page) => requirePageUser(page.context)));
    // Neither is sent to the login page.
    expect(users.map((u) => (u instanceof Response ? u.status : u.id))).toEqual([user.id, user.id]);
    expect(pages.filter((page) => page.set.size > 0)).toHaveLength(1);
    // Nothing deleted the cookies the winner sets, and the session goes on.
    expect(pages.flatMap((page) => [...page.deleted])).toEqual([]);
    const winner = pages.find((page) => page.set.size > 0)!;
    const next = pageRequest({ [REFRESH_COOKIE]: winner.set.get(REFRESH_COOKIE)! });
    expect((await getPageUser(next.context))?.id).toBe(user.id);
  });

  it('a rotated token shown again within the grace is not the person’s once they have ended their sessions', async () => {
    const { user, tokens } = await signedIn();
    expect((await getPageUser(pageRequest({ [REFRESH_COOKIE]: tokens.refresh }).context))?.id).toBe(user.id);
    // A password change (or a sign-out everywhere) moves the account's version.
    await dbRows(sql`update users set auth_version = auth_version + 1 where id = ${user.id}`);
    const late = pageRequest({ [REFRESH_COOKIE]: tokens.refresh });
    expect(await getPageUser(late.context)).toBeNull();
    expect(late.set.size).toBe(0);
  });

  it('a rotated token shown again after the grace is signed out, its cookies deleted and its session ended', async () => {
    const { tokens } = await signedIn();
    const first = pageRequest({ [REFRESH_COOKIE]: tokens.refresh });
    await getPageUser(first.context);
    const { jti } = decodeJwt(tokens.refresh);
    await dbRows(sql`update refresh_tokens set revoked_at = now() - interval '5 minutes' where jti = ${jti}`);
    const late = pageRequest({ [REFRESH_COOKIE]: tokens.refresh });
    expect(await getPageUser(late.context)).toBeNull();
    expect([...late.deleted].sort()).toEqual([REFRESH_COOKIE, TOKEN_COOKIE].sort());
    // The pair the first page set was revoked with the session.
    expect(await getPageUser(pageRequest({ [REFRESH_COOKIE]: first.set.get(REFRESH_COOKIE)! }).context)).toBeNull();
  });
});
