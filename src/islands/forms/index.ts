/** The form kit every island form uses: state, fields, alert, buttons, the error mapping. */
export { useForm, type FormOptions, type FormState, type FormValues, type SubmitOptions } from './use-form.ts';
export { Field, FieldFrame, Select, TextArea, type ControlWiring, type FieldBaseProps } from './fields.tsx';
export { FileField } from './FileField.tsx';
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
