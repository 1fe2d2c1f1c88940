import { createRoute } from '@hono/zod-openapi';
import { detailSchema, errorResponses, jsonContent, serverErrorSchema } from '../common.schemas.ts';
import * as s from './requests.schemas.ts';

const tags = ['Services'];
const refused = {
  400: errorResponses[400],
  413: jsonContent(detailSchema, 'The body is too large'),
  415: jsonContent(detailSchema, 'Not JSON (or, where a file is taken, not multipart/form-data)'),
  429: jsonContent(detailSchema, 'Too many forms from this address; `Retry-After` says when to try again'),
};
const accepted = {
  201: jsonContent(
    s.requestAnswerSchema,
    'Stored and mailed to the shop; the visitor gets an acknowledgement when they gave an email',
  ),
};
const withFile = {
  ...refused,
  503: jsonContent(
    serverErrorSchema,
    'As many uploads as the shop reads at once; `Retry-After` says when to try again',
  ),
};
const json = <T extends object>(schema: T) =>
  ({ content: { 'application/json': { schema } }, required: true }) as const;

export const createSupportRequest = createRoute({
  operationId: 'services_supports_create',
  method: 'post',
  path: '/services/supports/',
  tags,
  summary: 'A question to the shop (the support form)',
  request: { body: json(s.supportBody) },
  responses: { ...accepted, ...refused },
});

export const createCourseRequest = createRoute({
  operationId: 'services_course_requests_create',
  method: 'post',
  path: '/services/course_requests/',
  tags,
  summary: 'Sign up for a course (a full course: the waiting list)',
  request: { body: json(s.courseRequestBody) },
  responses: { ...accepted, ...refused },
});

export const createCourseSearchRequest = createRoute({
  operationId: 'services_course_search_requests_create',
  method: 'post',
  path: '/services/course_search_requests/',
  tags,
  summary: 'Ask the shop to find a course on a topic',
  request: { body: json(s.courseSearchRequestBody) },
  responses: { ...accepted, ...refused },
});

export const createPrintingRequest = createRoute({
  operationId: 'services_printing_requestes_create',
  method: 'post',
  path: '/services/printing_requestes/',
  tags,
  summary: 'A printing request, with a model file (multipart) or without (JSON)',
  request: {
    body: {
      content: {
        'application/json': { schema: s.printingRequestBody },
        'multipart/form-data': { schema: s.printingRequestForm },
      },
    },
  },
  responses: { ...accepted, ...withFile },
});

export const createVacancyRequest = createRoute({
  operationId: 'services_vacancy_requests_create',
  method: 'post',
  path: '/services/vacancy_requests/',
  tags,
  summary: 'Apply for an open vacancy, with a CV (multipart) or a cover letter only (JSON)',
  request: {
    body: {
      content: {
        'application/json': { schema: s.vacancyRequestBody },
        'multipart/form-data': { schema: s.vacancyRequestForm },
      },
    },
  },
  responses: { ...accepted, ...withFile },
});

export const createNewsletterSubscription = createRoute({
  operationId: 'services_newsletter_subscriptions_create',
  method: 'post',
  path: '/services/newsletter_subscriptions/',
  tags,
  summary:
    'Subscribe an email to the newsletter, double opt-in: it is pending until its owner confirms the mailed link (the same answer whether or not it was subscribed)',
  request: { body: json(s.newsletterBody) },
  responses: {
    201: jsonContent(
      s.newsletterAnswerSchema,
      'Accepted: a new, pending or unsubscribed address is mailed the confirmation link, a subscribed one that it is subscribed already (within the mailbox quota)',
    ),
    ...refused,
  },
});
