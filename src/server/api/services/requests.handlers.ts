import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ATTACHMENT_HEAD_BYTES, checkAttachment, type AttachmentKind } from '../../requests/attachments.ts';
import { subscribeToNewsletter } from '../../requests/newsletter.service.ts';
import { submitRequest, type RequestInput } from '../../requests/requests.service.ts';
import { ValidationError } from '../../errors.ts';
import { clientIp } from '../auth.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toRequestJson } from './requests.mappers.ts';
import type * as routes from './requests.routes.ts';

type Contact = { country: RequestInput['country']; name: string; email: string; phone: string; website: string };

/** Stores the request and answers what the visitor is shown. */
async function accept(c: Context, body: Contact, input: Omit<RequestInput, keyof Contact | 'country'>) {
  const { website, ...contact } = body;
  return toRequestJson(await submitRequest({ ...contact, ...input }, clientIp(c), { trapped: website !== '' }));
}

/** The body of a route that takes JSON or multipart: whichever the request sent. */
function bodyOf<J, F>(c: Context, valid: { json: () => J; form: () => F }): J | F {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return valid.form();
  if (!type) throw new HTTPException(400, { message: 'Пустой запрос: ожидается JSON или multipart/form-data.' });
  return valid.json();
}

async function attachment(kind: AttachmentKind, field: string, file: File | undefined) {
  // A form whose file field was left empty sends a nameless empty part.
  if (!file || (file.size === 0 && !file.name)) return undefined;
  const head = Buffer.from(await file.slice(0, ATTACHMENT_HEAD_BYTES).arrayBuffer());
  const checked = checkAttachment(kind, { name: file.name, size: file.size, head });
  if ('error' in checked) throw new ValidationError({ [field]: [checked.error] });
  // Read (from the temporary file) only now, once, as it is stored.
  return { ...checked, size: file.size, bytes: () => file.stream() };
}

export const createSupportRequest: AppRouteHandler<typeof routes.createSupportRequest> = async (c) => {
  const { subject, message, ...body } = c.req.valid('json');
  return c.json(await accept(c, body, { kind: 'support', message, details: subject ? { subject } : {} }), 201);
};

export const createCourseRequest: AppRouteHandler<typeof routes.createCourseRequest> = async (c) => {
  const { course, participants, clinic, message, ...body } = c.req.valid('json');
  return c.json(
    await accept(c, body, {
      kind: 'course',
      course,
      message,
      details: { participants, ...(clinic ? { clinic } : {}) },
    }),
    201,
  );
};

export const createCourseSearchRequest: AppRouteHandler<typeof routes.createCourseSearchRequest> = async (c) => {
  const { topic, city, message, ...body } = c.req.valid('json');
  return c.json(
    await accept(c, body, { kind: 'course_search', message, details: { topic, ...(city ? { city } : {}) } }),
    201,
  );
};

export const createPrintingRequest: AppRouteHandler<typeof routes.createPrintingRequest> = async (c) => {
  const sent = bodyOf(c, { json: () => c.req.valid('json'), form: () => c.req.valid('form') });
  const { printing_price, quantity, message, file_url, ...rest } = sent;
  const { file, ...body } = rest as typeof rest & { file?: File };
  return c.json(
    await accept(c, body, {
      kind: 'printing',
      printingPrice: printing_price,
      message,
      details: { quantity, ...(file_url ? { file_url } : {}) },
      attachment: await attachment('model', 'file', file),
    }),
    201,
  );
};

export const createVacancyRequest: AppRouteHandler<typeof routes.createVacancyRequest> = async (c) => {
  const sent = bodyOf(c, { json: () => c.req.valid('json'), form: () => c.req.valid('form') });
  const { vacancy, message, ...rest } = sent;
  const { resume, ...body } = rest as typeof rest & { resume?: File };
  return c.json(
    await accept(c, body, {
      kind: 'vacancy',
      vacancy,
      message,
      details: {},
      attachment: await attachment('resume', 'resume', resume),
    }),
    201,
  );
};

export const createNewsletterSubscription: AppRouteHandler<typeof routes.createNewsletterSubscription> = async (c) => {
  const { email, country, website } = c.req.valid('json');
  await subscribeToNewsletter(email, country, clientIp(c), { trapped: website !== '' });
  return c.json(
    {
      email,
      country,
      detail: `Проверьте почту: мы отправили письмо на ${email}. Подтвердите подписку по ссылке из письма — без этого рассылка не придёт.`,
    },
    201,
  );
};
