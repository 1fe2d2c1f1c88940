import type { RequestKind, StoredRequest } from '../../requests/requests.service.ts';

const NEXT: Record<RequestKind, string> = {
  support: 'Спасибо, вопрос отправлен. Ответим в рабочее время, обычно в течение дня.',
  printing: 'Спасибо, заявка отправлена. Рассчитаем стоимость и срок и свяжемся с вами.',
  vacancy: 'Спасибо за отклик. Если опыт подходит, мы позвоним и пригласим на собеседование.',
  course: 'Спасибо, заявка на курс отправлена. Мы подтвердим место и пришлём реквизиты для оплаты.',
  course_search: 'Спасибо, запрос отправлен. Подберём курсы и сообщим о ближайших датах.',
};

export function toRequestJson(r: StoredRequest) {
  return {
    id: r.id,
    number: r.number,
    kind: r.kind,
    country: r.country,
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    details: r.details,
    course: r.about.course ?? null,
    vacancy: r.about.vacancy ?? null,
    printing_price: r.about.printingPrice ?? null,
    attachment: r.attachment,
    created_at: r.createdAt.toISOString(),
    detail: NEXT[r.kind],
  };
}
