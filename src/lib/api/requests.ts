/** The public forms' calls: requests, newsletter, back-in-stock alerts. None needs an account. */
import { publicApi as api, type ApiClient } from './transport.ts';
import { assertRequired } from './required.ts';
import { uploadForm, type UploadOptions } from './upload.ts';
import type {
  BackInStockAlert,
  CountryCode,
  CourseRequestInput,
  CourseSearchRequestInput,
  NewsletterAnswer,
  SupportRequestInput,
  VisitorRequest,
} from './types.ts';

export function sendSupportRequest(body: SupportRequestInput, client: ApiClient = api): Promise<VisitorRequest> {
  return client<VisitorRequest>('/services/supports/', { method: 'POST', body });
}

export function sendCourseRequest(body: CourseRequestInput, client: ApiClient = api): Promise<VisitorRequest> {
  assertRequired(body.course, 'course', 'sendCourseRequest');
  return client<VisitorRequest>('/services/course_requests/', { method: 'POST', body });
}

export function sendCourseSearchRequest(
  body: CourseSearchRequestInput,
  client: ApiClient = api,
): Promise<VisitorRequest> {
  return client<VisitorRequest>('/services/course_search_requests/', { method: 'POST', body });
}

/** A printing request as the form has it, model file included, with upload progress. */
export function sendPrintingRequest(form: FormData, options: UploadOptions = {}): Promise<VisitorRequest> {
  return uploadForm<VisitorRequest>('/services/printing_requestes/', form, options);
}

/** A vacancy application as the form has it, CV included, with upload progress. */
export function sendVacancyRequest(form: FormData, options: UploadOptions = {}): Promise<VisitorRequest> {
  assertRequired(form.get('vacancy'), 'vacancy', 'sendVacancyRequest');
  return uploadForm<VisitorRequest>('/services/vacancy_requests/', form, options);
}

export function subscribeToNewsletter(
  body: { email: string; country: CountryCode },
  client: ApiClient = api,
): Promise<NewsletterAnswer> {
  return client<NewsletterAnswer>('/services/newsletter_subscriptions/', { method: 'POST', body });
}

export function requestBackInStock(
  country: CountryCode,
  body: { product: number; email: string },
  client: ApiClient = api,
): Promise<BackInStockAlert> {
  assertRequired(country, 'country', 'requestBackInStock');
  return client<BackInStockAlert>('/notifications/back_in_stock/', { method: 'POST', query: { country }, body });
}
