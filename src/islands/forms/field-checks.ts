/**
 * The checks a form runs in the browser before sending (`useForm`), loaded with the form's first focus:
 * typed phones, addresses and links the API would refuse, files over their field's size, text over its length.
 */
import { EMAIL_INVALID, looksLikeEmail } from '~/shared/email.ts';
import { normalizePhone, PHONE_INVALID } from '~/shared/phone-input.ts';
import { isWebLink, WEB_LINK_INVALID } from '~/shared/web-link.ts';
import { fileTooBigMessage } from './file-size.ts';

/**
 * What the API would refuse in a form's typed fields (`tel`, `email`, `url`), and a chosen file over its
 * field's `data-max-bytes`: a form is never sent without the file its visitor chose.
 */
export function typedFieldErrors(form: HTMLFormElement): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLTextAreaElement && element.name) {
      const tooLong = lengthProblem(element);
      if (tooLong) errors[element.name] = [tooLong];
      continue;
    }
    if (!(element instanceof HTMLInputElement) || !element.name || element.value.trim() === '') continue;
    const tooLong = lengthProblem(element);
    if (tooLong) errors[element.name] = [tooLong];
    if (element.type === 'tel' && normalizePhone(element.value) === null) errors[element.name] = [PHONE_INVALID];
    if (element.type === 'email' && !looksLikeEmail(element.value)) errors[element.name] = [EMAIL_INVALID];
    if (element.type === 'url' && !isWebLink(element.value)) errors[element.name] = [WEB_LINK_INVALID];
    const file = element.type === 'file' ? element.files?.[0] : undefined;
    if (file && element.dataset.maxBytes && file.size > Number(element.dataset.maxBytes))
      errors[element.name] = [fileTooBigMessage(Number(element.dataset.maxBytes))];
  }
  return errors;
}

/** Text longer than its field's `data-max-length`: said with its length, the text kept as typed. */
function lengthProblem(element: HTMLInputElement | HTMLTextAreaElement): string | null {
  const max = Number(element.dataset.maxLength);
  const length = element.value.length;
  return max > 0 && length > max ? `Не больше ${max} символов (сейчас ${length}).` : null;
}
