import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { User } from '~/lib/api/types.ts';
import { $user, hydrateUser } from '~/stores/user.ts';

/**
 * The signed-in person for the account page's islands: the server's copy until mount (so the
 * hydrated HTML matches, and the shared server-side store never holds anyone's profile), then the
 * user store, into which the server's copy is merged first.
 */
export function useAccountUser(serverUser: User): User {
  const state = useStore($user);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    hydrateUser(serverUser);
    setMounted(true);
  }, [serverUser]);
  return mounted && state.profile ? state.profile : serverUser;
}
