import { useEffect, type RefObject } from 'react';

/** Moves the focus to the form's first visible field when it opens, so keyboard and screen-reader users land in it. */
export function useFocusFirstField(formRef: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input:not([hidden]), select, textarea')?.focus();
  }, [formRef]);
}
