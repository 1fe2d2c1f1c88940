import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';

// Signed-in calls keep the account in memory on the embedded database (server/accounts/user-cache.ts):
// whatever changes its row, by the shop or by hand, shows on the very next call.
describe('a signed-in account', () => {
  it('is read afresh on the next call after any change to its row, even one made by hand', async () => {
    const { user, tokens } = await signedIn();
    const me = () => api('/accounts/auth/users/me/', { token: tokens.access });
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);

    await dbRows(sql`update users set first_name = 'Изменено вручную' where id = ${user.id}`);
    expect((await me()).body.first_name).toBe('Изменено вручную');

    await dbRows(sql`update users set auth_version = auth_version + 1 where id = ${user.id}`);
    expect((await me()).body.code).toBe('token_not_valid');
  });

  it('that is blocked or deleted is refused on the next call', async () => {
    const blocked = await signedIn();
    expect((await api('/accounts/auth/users/me/', { token: blocked.tokens.access })).status).toBe(200);
    await dbRows(sql`update users set is_active = false where id = ${blocked.user.id}`);
    expect((await api('/accounts/auth/users/me/', { token: blocked.tokens.access })).status).toBe(401);

    const gone = await signedIn();
    expect((await api('/accounts/auth/users/me/', { token: gone.tokens.access })).status).toBe(200);
    await dbRows(sql`update users set deleted_at = now() where id = ${gone.user.id}`);
    expect((await api('/accounts/auth/users/me/', { token: gone.tokens.access })).status).toBe(401);
  });
});
