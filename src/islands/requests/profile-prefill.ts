import { useEffect, useRef } from 'react';
import { hasSessionCookie } from '~/shared/session-cookies.ts';

/**
 * Fills the empty contact fields of a public form (name, phone, email, the clinic) from the signed-in
 * buyer's profile once it is known (issue 36): the pages are cached for everyone, so this happens in the
 * browser, and only where a session cookie exists; the user store loads then, not with the page. What the
 * person has typed already is left alone. Put the returned ref on any element inside the form.
 */
export function useProfilePrefill<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!hasSessionCookie()) return;
    let live = true;
    void import('~/stores/user.ts').then(async ({ $user, ensureUser }) => {
      await ensureUser();
      const profile = $user.get().profile;
      const form = ref.current?.closest('form');
      if (!live || !profile || !form) return;
      const values: Record<string, string> = {
        name: `${profile.first_name} ${profile.last_name}`.trim(),
        phone: profile.phone,
        email: profile.email,
        clinic: profile.organisation,
      };
      for (const [name, value] of Object.entries(values)) {
        const input = form.elements.namedItem(name);
        if (value && input instanceof HTMLInputElement && input.value === '') input.value = value;
      }
    });
    return () => {
      live = false;
    };
  }, []);
  return ref;
}
