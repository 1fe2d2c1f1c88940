import { useEffect, useRef } from 'react';
import { hasSessionCookie } from '~/shared/session-cookies.ts';

/**
 * Fills the empty contact fields of a public form (name, phone, email, the clinic) from the signed-in
 * buyer's profile once it is known (issue 36): the pages are cached for everyone, so this happens in the
 * browser, and only where a session cookie exists; the filling code and the user store load then, not
 * with the page. What the person has typed already is left alone. Put the returned ref on any element
 * inside the form.
 */
export function useProfilePrefill<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (form && hasSessionCookie())
      void import('./profile-fill.ts').then(({ fillFromProfile }) => fillFromProfile(form));
  }, []);
  return ref;
}
