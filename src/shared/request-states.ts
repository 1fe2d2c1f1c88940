/** The kinds of visitor requests and the states staff move them through, with their Russian names. */
export const REQUEST_KINDS = ['support', 'printing', 'vacancy', 'course', 'course_search'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_STATUSES = ['new', 'in_progress', 'done', 'spam'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  support: 'Вопрос в поддержку',
  printing: 'Заявка на 3D-печать',
  vacancy: 'Отклик на вакансию',
  course: 'Запись на курс',
  course_search: 'Запрос курса',
};

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  new: 'Новая',
  in_progress: 'В работе',
  done: 'Готово',
  spam: 'Спам',
};

/**
 * Each kind numbers its requests on its own (1, 2, 3...), read with the kind's letter before it:
 * «В-0003» is the third question to support. В вопрос, П печать, Р резюме (a vacancy application),
 * К курс, ПК подбор курса.
 */
export const REQUEST_NUMBER_PREFIXES: Record<RequestKind, string> = {
  support: 'В',
  printing: 'П',
  vacancy: 'Р',
  course: 'К',
  course_search: 'ПК',
};

/** «В-0003»: the kind's letter and the number, four digits at least. */
export function formatRequestNumber(kind: RequestKind, number: number): string {
  return `${REQUEST_NUMBER_PREFIXES[kind]}-${String(number).padStart(4, '0')}`;
}

/**
 * The kind and number a typed request number names («В-0003», «в-3», «В 3», «B-3» with a Latin letter),
 * or null when the text is no request number.
 */
export function parseRequestNumber(text: string): { kind: RequestKind; number: number } | null {
  const match = /^\s*([А-ЯЁA-Z]{1,2})\s*[-–—\s]?\s*(\d{1,9})\s*$/iu.exec(text);
  if (!match) return null;
  const letters = [...match[1]!.toUpperCase()].map((c) => LATIN_LOOKALIKES[c] ?? c).join('');
  const kind = REQUEST_KINDS.find((k) => REQUEST_NUMBER_PREFIXES[k] === letters);
  const number = Number(match[2]);
  return kind && number > 0 && number <= 2_147_483_647 ? { kind, number } : null;
}

/** Latin capitals typed for the Cyrillic letters they look like (B for В, P for Р, K for К). */
const LATIN_LOOKALIKES: Record<string, string> = { B: 'В', P: 'Р', K: 'К' };
