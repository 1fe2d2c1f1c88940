import { REQUEST_DETAIL_LABELS } from '../../shared/request-details.ts';
import { COUNTRIES } from '../../shared/countries.ts';
import { formatPhone } from '../../shared/phone.ts';
import { SHOP_NAME } from '../../shared/site.ts';
import { env } from '../env.ts';
import { renderMail, sendMail } from '../mail/index.ts';
import { withinMailboxQuota } from '../mail/mailbox-quota.ts';
import type { RequestKind, StoredRequest } from './requests.types.ts';

/** What each kind of request is called in mails: the staff subject and the visitor's acknowledgement. */
export const REQUEST_TITLES: Record<RequestKind, { staff: string; visitor: string; next: string }> = {
  support: {
    staff: 'Вопрос в поддержку',
    visitor: 'Мы получили ваш вопрос',
    next: 'Ответим в рабочее время, обычно в течение дня.',
  },
  printing: {
    staff: 'Заявка на 3D-печать',
    visitor: 'Мы получили заявку на печать',
    next: 'Рассчитаем стоимость и срок и свяжемся с вами.',
  },
  vacancy: {
    staff: 'Отклик на вакансию',
    visitor: 'Мы получили ваш отклик',
    next: 'Если опыт подходит, пригласим на собеседование.',
  },
  course: {
    staff: 'Запись на курс',
    visitor: 'Мы получили вашу заявку на курс',
    next: 'Подтвердим место и пришлём реквизиты для оплаты.',
  },
  course_search: {
    staff: 'Подбор курса',
    visitor: 'Мы получили запрос на подбор курса',
    next: 'Подберём подходящие курсы и сообщим о ближайших датах.',
  },
};

function summary(request: StoredRequest): string[] {
  const { about } = request;
  return [
    ...(about.course ? [`Курс: ${about.course.title}`] : []),
    ...(about.vacancy ? [`Вакансия: ${about.vacancy.title}`] : []),
    ...(about.printingPrice ? [`Услуга: ${about.printingPrice.title}`] : []),
    ...Object.entries(request.details).map(([key, value]) => `${REQUEST_DETAIL_LABELS[key] ?? key}: ${value}`),
    ...(request.message ? [`Сообщение: ${request.message}`] : []),
    ...(request.attachment
      ? [
          `Файл: ${request.attachment.filename} (${Math.ceil(request.attachment.size / 1024)} КБ), хранится в заявке ${request.number}`,
        ]
      : []),
  ];
}

/**
 * The staff notice, and the visitor's acknowledgement when they left an email (at most a few an hour
 * per mailbox, so the form cannot be used to flood someone's inbox). Never throws.
 */
export async function sendRequestMails(request: StoredRequest): Promise<void> {
  const titles = REQUEST_TITLES[request.kind];
  const contact = [request.name, request.phone && formatPhone(request.phone), request.email].filter(Boolean).join(', ');
  const staff = await renderMail(request.country, {
    heading: `${titles.staff} ${request.number}`,
    paragraphs: [`${COUNTRIES[request.country].name}. ${contact}`, ...summary(request)],
  });
  const mails = [
    sendMail({
      kind: `request_${request.kind}_staff`,
      to: env.STAFF_EMAIL,
      subject: `${titles.staff} ${request.number}: ${request.name}`,
      ...staff,
    }),
  ];
  if (request.email && (await withinMailboxQuota(request.email))) {
    const visitor = await renderMail(request.country, {
      preheader: titles.next,
      heading: titles.visitor,
      paragraphs: [
        `Здравствуйте, ${request.name}.`,
        `${titles.visitor}: номер ${request.number}. ${titles.next}`,
        ...summary(request),
      ],
      footnote: `Вы получили это письмо, потому что отправили форму на сайте ${SHOP_NAME}. Если это были не вы, просто не отвечайте.`,
    });
    mails.push(
      sendMail({
        kind: `request_${request.kind}`,
        to: request.email,
        subject: `${titles.visitor} (${request.number}) — ${SHOP_NAME}`,
        ...visitor,
      }),
    );
  }
  await Promise.all(mails);
}
