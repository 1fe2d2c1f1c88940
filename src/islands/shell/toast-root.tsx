import { createRoot } from 'react-dom/client';
import 'react-toastify/ReactToastify.css';
import * as toastify from 'react-toastify/unstyled';
import ToastArea from './ToastArea.tsx';

/**
 * Mounts the toast area (brief §2, §9) into its own React root at the end of <body>, once, when the
 * first toast is raised: pages load neither react-toastify nor its styles until then, and a page
 * without other islands does not load React at all. The ClientRouter replaces <body> on navigation,
 * so the host is put back after each swap, keeping its toasts. Returns react-toastify's `toast`
 * from the same entry as the container (one queue).
 */
export function mountToastArea(): typeof toastify.toast {
  const host = document.createElement('div');
  host.className = 'toast-host';
  document.body.append(host);
  createRoot(host).render(<ToastArea />);
  document.addEventListener('astro:after-swap', () => {
    if (!host.isConnected) document.body.append(host);
  });
  return toastify.toast;
}
