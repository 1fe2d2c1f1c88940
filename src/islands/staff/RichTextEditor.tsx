/**
 * The rich text of publications, courses, products and documents (loaded by RichText.tsx when a form
 * with one opens): react-admin's tiptap input with a toolbar that fits the site (the
 * sanitiser keeps headings 2–3, emphasis, lists, links and quotes) and is accessible: the stock level
 * select is a list in a `nav` with an English label, so section headings are two toggle buttons here.
 */
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useEditorSelection,
  useTiptapEditor,
  type RichTextInputProps,
} from 'ra-input-rich-text';
// The heading commands' types (the starter kit the input uses brings the extension itself).
import type {} from '@tiptap/extension-heading';

const LEVELS = [
  { level: 2, text: 'H2', label: 'H2: заголовок раздела' },
  { level: 3, text: 'H3', label: 'H3: подзаголовок' },
] as const;

function HeadingButtons() {
  const editor = useTiptapEditor();
  useEditorSelection();
  return (
    <ToggleButtonGroup size="small">
      {LEVELS.map(({ level, text, label }) => (
        <ToggleButton
          key={level}
          value={`h${level}`}
          aria-label={label}
          title={label}
          disabled={!editor?.isEditable}
          selected={editor?.isActive('heading', { level }) ?? false}
          onClick={() => editor?.chain().focus().toggleHeading({ level }).run()}
        >
          {text}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

export default function RichTextEditor(props: RichTextInputProps) {
  return (
    <RichTextInput
      {...props}
      toolbar={
        <RichTextInputToolbar size="small">
          <HeadingButtons />
          <FormatButtons size="small" />
          <ListButtons size="small" />
          <LinkButtons size="small" />
          <QuoteButtons size="small" />
          <ClearButtons size="small" />
        </RichTextInputToolbar>
      }
    />
  );
}
