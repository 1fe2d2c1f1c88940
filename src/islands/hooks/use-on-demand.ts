import { useEffect, useRef, useState, type ComponentType } from 'react';

/** What a part loaded on demand is given to close itself: done (with a message for the status line), or cancelled. */
export interface OnDemandProps {
  onDone: (message: string) => void;
  onCancel: () => void;
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A part of an island that is downloaded when the visitor asks for it, not with the page: a form
 * that opens in place of its button. The button's hover or focus starts the download, its click
 * shows the part once loaded. Closing gives the focus back to the button. A failed download leaves
 * the part closed with `failed` set, so that pressing the button again retries.
 */
export function useOnDemand<P>(load: Loader<P>) {
  const [Part, setPart] = useState<ComponentType<P> | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (!open && wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  function warm(): void {
    load().catch(() => undefined);
  }

  async function show(): Promise<void> {
    setFailed(false);
    try {
      const { default: loaded } = await load();
      setPart(() => loaded);
      setOpen(true);
    } catch {
      setFailed(true);
    }
  }

  return {
    /** The loaded part while it is open; null while closed (render the button then). */
    Part: open ? Part : null,
    failed,
    close: () => setOpen(false),
    openerProps: { ref: opener, onClick: () => void show(), onPointerEnter: warm, onFocus: warm },
  };
}
