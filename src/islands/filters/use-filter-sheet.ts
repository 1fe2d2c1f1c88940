import { useEffect, useRef, useState } from 'react';

/** From this width the filters are a sidebar (styles/catalog.css), where the phone's sheet has no place. */
const SIDEBAR_QUERY = '(min-width: 960px)';

/**
 * The phone's filter sheet, a modal `<dialog>`. It exists once the island runs (`enhanced`; until then
 * the filters are a `<details>` that works without JavaScript), and closes by itself when the window
 * widens to the sidebar. `onClosed` hears every closing: `kept` is true when the sheet closed to apply
 * its choices (`closeKeeping`), false when the visitor left it (Escape, the close button, widening).
 */
export function useFilterSheet(onClosed: (kept: boolean) => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const keeping = useRef(false);

  useEffect(() => {
    setEnhanced(true);
    const wide = matchMedia(SIDEBAR_QUERY);
    const onWide = (event: MediaQueryListEvent) => {
      if (event.matches && dialog.current?.open) dialog.current.close();
    };
    wide.addEventListener('change', onWide);
    return () => wide.removeEventListener('change', onWide);
  }, []);

  return {
    dialog,
    enhanced,
    isOpen,
    open() {
      keeping.current = false;
      dialog.current?.showModal();
      setIsOpen(true);
    },
    close() {
      dialog.current?.close();
    },
    /** Closes the sheet, if open, for its choices to be applied. */
    closeKeeping() {
      keeping.current = true;
      if (dialog.current?.open) dialog.current.close();
    },
    /** The dialog's `onClose`. */
    onClose() {
      setIsOpen(false);
      onClosed(keeping.current);
    },
  };
}
