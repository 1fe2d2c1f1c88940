/** The form kit every island form uses: state, fields, alert, buttons, the error mapping. */
export { useForm, type FormOptions, type FormState, type FormValues, type SubmitOptions } from './use-form.ts';
export { Field, FieldFrame, Select, TextArea, type ControlWiring, type FieldBaseProps } from './fields.tsx';
// FileField is imported from './FileField.tsx' by the two forms that take files, so no other form's page loads it.
export { ConsentNote, Done, Form, FormAlert, SubmitButton } from './form-parts.tsx';
export {
  blankFields,
  FORM_TEXT,
  hasErrors,
  NO_ERRORS,
  toFormErrors,
  type CodeTexts,
  type FormErrors,
} from './form-errors.ts';
export { fileTooBigMessage, formatFileSize } from './file-size.ts';
