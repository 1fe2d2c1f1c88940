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
