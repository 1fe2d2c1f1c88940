import { lazy, Suspense, useEffect, useState } from 'react';
import 'react-toastify/ReactToastify.css';
import { TOAST_REQUESTED_EVENT } from '~/lib/notify.ts';

const ToastArea = lazy(() => import('./ToastArea.tsx'));

/**
 * The shell's toast area, mounted once in the layout. It renders nothing until the first toast is
 * requested, then loads react-toastify's container, which shows the toasts queued meanwhile.
 */
export default function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    window.addEventListener(TOAST_REQUESTED_EVENT, want, { once: true });
    return () => window.removeEventListener(TOAST_REQUESTED_EVENT, want);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  ) : null;
}
