// C0 and C1 control characters and DEL: never part of a name, a title, a path or a one-line field.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]/g;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_ALL, '');
}
