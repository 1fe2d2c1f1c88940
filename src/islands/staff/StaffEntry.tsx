/**
 * The island of /staff/: the sign-in form, which needs neither react-admin nor MUI and is rendered on
 * the server, then the back office itself (StaffApp.tsx), fetched once the person is signed in or starts
 * signing in. When the session ends in the back office, the form comes back with the reason.
 */
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { browserCookies, TOKEN_COOKIE } from '../../lib/api/cookies.ts';
import { signInStaff } from './auth-provider.ts';
import { LoginPage } from './LoginPage.tsx';
import { StaffLoading, StartScreen } from './StartScreen.tsx';

const LOAD_FAILED = 'Не удалось загрузить раздел управления: проверьте соединение и обновите страницу.';

// The server never renders the back office (it waits for the browser), so its build leaves it out.
const loadApp = () =>
  import.meta.env.SSR
    ? Promise.reject(new Error('The back office renders in the browser only.'))
    : import('./StaffApp.tsx');
const StaffApp = lazy(loadApp);
// A staff member's page (the server has just renewed the session's cookies) starts fetching the back
// office with this module, not after the island has hydrated and rendered.
if (!import.meta.env.SSR && browserCookies.get(TOKEN_COOKIE)) void loadApp().catch(() => {});

/** Says so when the back office's code cannot be fetched (the connection dropped, a new version went out). */
class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <StartScreen>
        <div className="staff-start__card">
          <p className="staff-start__message" role="alert">
            {LOAD_FAILED}
          </p>
          <button className="staff-start__submit" type="button" onClick={() => location.reload()}>
            Обновить страницу
          </button>
        </div>
      </StartScreen>
    );
  }
}

type Session = { signedIn: true } | { signedIn: false; reason: string | null };

/** `signedIn`: the page found a staff member's session. */
export default function StaffEntry({ signedIn }: { signedIn: boolean }) {
  const [session, setSession] = useState<Session>(signedIn ? { signedIn } : { signedIn, reason: null });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function signIn(credentials: { email: string; password: string }) {
    await signInStaff(credentials);
    // The button keeps saying «Входим…» until the back office is here to show.
    await loadApp().catch(() => Promise.reject(new Error(LOAD_FAILED)));
    setSession({ signedIn: true });
  }

  if (!session.signedIn) {
    return <LoginPage notice={session.reason} onSignIn={signIn} onFirstUse={() => void loadApp().catch(() => {})} />;
  }
  if (!hydrated) return <StaffLoading />;
  return (
    <LoadFailure>
      <Suspense fallback={<StaffLoading />}>
        <StaffApp onSignedOut={(reason) => setSession({ signedIn: false, reason })} />
      </Suspense>
    </LoadFailure>
  );
}
