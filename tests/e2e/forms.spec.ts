import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';

let consoleErrors: string[] = [];

test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    // A refused form answers 400 by design; the browser logs the failed request itself.
    if (message.type() === 'error' && !/status of 400/.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

test.afterEach(() => {
  expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
});

interface Mail {
  subject: string;
  text: string;
}

async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`/api/v1/dev/outbox/?to=${encodeURIComponent(to)}`);
  expect(response.status(), 'GET /api/v1/dev/outbox/ (the test server needs DEV_OUTBOX=true)').toBe(200);
  return ((await response.json()) as { results: Mail[] }).results;
}

async function fillContact(
  page: Page,
  scope: ReturnType<Page['getByRole']>,
  contact: { name: string; phone?: string; email?: string },
) {
  await scope.getByLabel('Имя').fill(contact.name);
  if (contact.phone) await scope.getByLabel(/^Телефон/).fill(contact.phone);
  if (contact.email) await scope.getByLabel(/^Электронная почта/).fill(contact.email);
}

test('a dentist signs up for a course from its page and gets an acknowledgement by mail', async ({ page, request }) => {
  const { results } = await (await request.get('/api/v1/services/courses/?city=BISHKEK&limit=5')).json();
  const course = results.find((c: { seats_left: number }) => c.seats_left > 0);
  await page.goto(`/kg/courses/${course.slug}/`);
  await page.getByRole('link', { name: 'Записаться на курс' }).click();
  const section = page.getByRole('region', { name: 'Записаться на курс' });
  await expect(section).toBeInViewport();
  // Focus went with the scroll: the next Tab is inside the form, not back at the link.
  await expect(section).toBeFocused();
  // One of phone and email is needed: the labels say so, rather than calling both optional.
  await expect(section.getByLabel('Телефон (или почта)')).toBeVisible();
  await expect(section.getByLabel('Электронная почта (или телефон)')).toBeVisible();
  await fillContact(page, section, { name: 'Айгуль Садыкова', phone: '0555 123 456', email: 'course-e2e@clinic.kg' });
  await section.getByLabel(/^Клиника/).fill('Стоматология «Улыбка»');
  await section.getByLabel('Сколько участников').fill('2');
  await section.getByRole('button', { name: 'Записаться' }).click();
  await expect(section.getByRole('heading', { name: 'Заявка отправлена' })).toBeFocused();
  await expect(section).toContainText(course.title);
  const [ack] = await mailsTo(request, 'course-e2e@clinic.kg');
  expect(ack!.text).toContain(course.title);
  expect(ack!.text).toContain('Участников: 2');
  await expectNoSeriousAxeViolations(page);
});

test('the support form says what is missing beside each field, then sends the question', async ({ page }) => {
  await page.goto('/kz/support/');
  const form = page.getByRole('region', { name: 'Форма вопроса' });
  await form.getByRole('button', { name: 'Отправить вопрос' }).click();
  await expect(form.getByLabel('Имя')).toBeFocused();
  await expect(form.getByLabel('Имя')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousAxeViolations(page);
  await fillContact(page, form, { name: 'Данияр', email: 'not-an-email' });
  await form.getByLabel('Вопрос').fill('Есть ли сертификат на материал?');
  await form.getByRole('button', { name: 'Отправить вопрос' }).click();
  await expect(form.getByText('Введите правильный адрес электронной почты.')).toBeVisible();
  await form.getByLabel(/^Электронная почта/).fill('daniyar@clinic.kz');
  await form.getByRole('button', { name: 'Отправить вопрос' }).click();
  await expect(form.getByRole('heading', { name: 'Вопрос отправлен' })).toBeVisible();
  await expect(form).toContainText('daniyar@clinic.kz');
});

test('a printing request takes an STL model with upload progress, and refuses a file that is not one', async ({
  page,
  request,
}) => {
  await page.goto('/kg/printing/');
  await page.getByRole('link', { name: 'Оставить заявку' }).click();
  const form = page.getByRole('region', { name: 'Форма заявки на печать' });
  await fillContact(page, form, { name: 'Техник Бакыт', phone: '+996 700 123 456' });
  const [service] = (await (await request.get('/api/v1/services/printing_prices/?country=kg&limit=1')).json()).results;
  await form.getByLabel(/^Услуга/).selectOption(String(service.id));
  await form
    .getByLabel(/^Файл модели/)
    .setInputFiles({ name: 'jaw.stl', mimeType: 'model/stl', buffer: Buffer.from('not a model\u0000\u0001') });
  await form.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(form.getByText(/Файл не похож на STL/)).toBeVisible();

  const stl =
    'solid jaw\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid jaw\n';
  await form
    .getByLabel(/^Файл модели/)
    .setInputFiles({ name: 'jaw.stl', mimeType: 'model/stl', buffer: Buffer.from(stl) });
  // A link to a cloud folder goes with it (the way to send scans over 100 MB); a typo is caught first.
  await form.getByLabel(/^Или ссылка на файл/).fill('disk.yandex.ru/d/scan');
  await form.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(form.getByLabel(/^Или ссылка на файл/)).toHaveAccessibleDescription(/начиная с https:\/\//);
  await form.getByLabel(/^Или ссылка на файл/).fill('https://disk.yandex.ru/d/scan-upper-jaw');
  await form.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(form.getByRole('heading', { name: 'Заявка на печать отправлена' })).toBeVisible();
  await expect(form).toContainText('Файл: jaw.stl');
  await expect(form).toContainText('Ссылка: https://disk.yandex.ru/d/scan-upper-jaw');
  const staff = await mailsTo(request, 'staff@localhost');
  expect(staff.some((m) => m.subject.startsWith('Заявка на 3D-печать') && m.text.includes('jaw.stl'))).toBe(true);
});

test('an applicant sends a CV for an open vacancy', async ({ page, request }) => {
  const [vacancy] = (await (await request.get('/api/v1/services/vacancies/?is_open=true&country=kg&limit=1')).json())
    .results;
  await page.goto(`/kg/vacancies/${vacancy.slug}/`);
  const form = page.getByRole('region', { name: 'Откликнуться на вакансию' });
  await fillContact(page, form, { name: 'Нурлан', phone: '+996 555 000 111', email: 'cv-e2e@mail.kg' });
  // A file over the limit is said at once and stops the form: it never goes without the file chosen.
  let sentWithoutFile = false;
  page.on('request', (r) => {
    if (r.url().includes('/vacancy_requests/')) sentWithoutFile = true;
  });
  await form.getByLabel(/^Резюме/).setInputFiles({
    name: 'cv-scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024)]),
  });
  await expect(form.getByText(/Файл больше 5 МБ/)).toBeVisible();
  await form.getByRole('button', { name: 'Откликнуться' }).click();
  await expect(form.getByLabel(/^Резюме/)).toBeFocused();
  await expect(form.getByText(/Файл больше 5 МБ/)).toBeVisible();
  expect(sentWithoutFile).toBe(false);
  await form
    .getByLabel(/^Резюме/)
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await form.getByRole('button', { name: 'Откликнуться' }).click();
  await expect(form.getByRole('heading', { name: 'Отклик отправлен' })).toBeVisible();
  await expect(form).toContainText('Резюме: cv.pdf');
  const [ack] = await mailsTo(request, 'cv-e2e@mail.kg');
  expect(ack!.text).toContain(vacancy.title);
  await expectNoSeriousAxeViolations(page);
});

test('the footer subscribes to the newsletter without JavaScript, the mailed link confirms it, and the next one unsubscribes', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `letters-${Date.now()}@clinic.kg`;
  await page.goto('/kg/news/');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Почта для рассылки').fill(email);
  await footer.getByRole('button', { name: 'Подписаться' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Проверьте почту' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`Проверьте почту: мы отправили письмо на ${email}.`);
  const [confirmation] = await mailsTo(request, email);
  const confirm = confirmation!.text.match(/https?:\/\/\S+\/newsletter\/confirm\/\S+\//)![0];
  await page.goto(new URL(confirm).pathname);
  await page.getByRole('button', { name: 'Подтвердить подписку' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Подписка подтверждена' })).toBeVisible();
  const [welcome] = await mailsTo(request, email);
  const link = welcome!.text.match(/https?:\/\/\S+\/newsletter\/unsubscribe\/\S+\//)![0];
  await page.goto(new URL(link).pathname);
  await page.getByRole('button', { name: 'Отписаться' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Вы отписались от рассылки' })).toBeVisible();

  await page.goto('/kg/newsletter/');
  await page.getByRole('main').getByLabel('Почта для рассылки').fill('not-an-address');
  // The browser's own check would stop a typed address; a crafted post reaches the server's.
  await page
    .getByRole('main')
    .locator('form')
    .evaluate((form: HTMLFormElement) => form.setAttribute('novalidate', ''));
  await page.getByRole('main').getByRole('button', { name: 'Подписаться' }).click();
  await expect(page.getByRole('main').getByText('Введите правильный адрес электронной почты')).toBeVisible();
  await context.close();
});

test('a form’s phone example is its country’s own, and it says what sending it agrees to', async ({ page }) => {
  await page.goto('/kz/support/');
  // Sending personal data says what it agrees to, with the policy a click away.
  await expect(
    page.getByText('Нажимая «Отправить вопрос», вы соглашаетесь с политикой конфиденциальности.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'политикой конфиденциальности' })).toHaveAttribute(
    'href',
    '/kz/docs/privacy/',
  );
  await expect(page.getByText('С кодом страны, например +7 701 123-45-67.')).toBeVisible();
  await page.goto('/kg/support/');
  await expect(page.getByText('С кодом страны, например +996 555 12-34-56.')).toBeVisible();
});
