/**
 * The rich-text input of the back office's forms. The editor (tiptap with ProseMirror, RichTextEditor.tsx)
 * is the largest part of the back office, so it is fetched when a form that has one opens.
 */
import { lazy, Suspense } from 'react';
import { Typography } from '@mui/material';
import type { RichTextInputProps } from 'ra-input-rich-text';

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

export function ShopRichTextInput(props: RichTextInputProps) {
  return (
    <Suspense
      fallback={
        <Typography role="status" color="text.secondary" sx={{ py: 2 }}>
          Загружаем редактор текста…
        </Typography>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
