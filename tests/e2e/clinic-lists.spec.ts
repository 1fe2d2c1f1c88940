import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { allProducts, ownAddress, waitForIslands } from './support/shop.ts';
import { confirmedAccount, consoleErrors, freshSession, mail, signIn, SIZES } from './support/clinics.ts';

// Issue 37, the clinic's ordering tools: an assistant builds a cart from a pasted list on the quick order
// page, keeps it as the clinic's list, edits the list and adds it to the cart in one tap, and sends the
// order for the clinic from checkout (the clinic's address offered); the owner approves it; both see it
// in the clinic's orders; the owner opens the colleague's order read-only, its invoice made out to the
// clinic's requisites, repeats it and saves it as a list.

const TAX = '01234567893737';

async function api(request: APIRequestContext, token: string, path: string, data: unknown, ip: string) {
  const answer = await request.post(`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
    data,
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return answer.json() as Promise<{ id: number }>;
}

for (const size of SIZES) {
  test.describe(`clinic lists at ${size.width}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('an assistant orders for the clinic from a pasted list; the owner approves; lists and reorder', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(300_000);
      const ip = ownAddress(38);
      const stamp = `${size.width}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
      const ownerEmail = `lists-owner-${stamp}@clinic.kg`;
      const assistantEmail = `lists-assistant-${stamp}@clinic.kg`;
      const clinicName = `Клиника «Жемчуг» ${size.width}`;
      const listName = `Ежемесячный ${size.width}`;

      // The clinic, its owner and its assistant (the clinic page's own spec goes through these screens).
      const ownerTokens = await confirmedAccount(request, ownerEmail, 'Нурлан', ip);
      const clinic = await api(
        request,
        ownerTokens.access,
        '/clinics/',
        {
          country: 'kg',
          name: clinicName,
          tax_number: TAX,
          legal_address: 'Бишкек, ул. Исанова, 37',
          delivery_addresses: [{ city: 'Бишкек', address: 'ул. Исанова, 37, клиника' }],
        },
        ip,
      );
      await api(
        request,
        ownerTokens.access,
        `/clinics/${clinic.id}/invitations/`,
        { email: assistantEmail, role: 'assistant' },
        ip,
      );
      const assistantTokens = await confirmedAccount(request, assistantEmail, 'Айпери', ip);
      const [, token] = /\/kg\/account\/clinic\/invitation\/([^\s/]+)\//.exec(
        (await mail(request, assistantEmail, 'clinic_invitation')).text,
      )!;
      await api(request, assistantTokens.access, '/clinics/invitations/accept/', { token }, ip);

      // Products to paste: two in stock, one short of what is asked.
      const products = (await allProducts(request, 'kg')).filter((p) => p.in_stock && p.price !== null);
      const offset = size.width === 390 ? 0 : 3;
      const [a, b] = products.filter((p) => p.quantity >= 20).slice(10 + offset, 12 + offset);
      const short = products.filter((p) => p.quantity < 500)[offset]!;
      expect(a && b && short).toBeTruthy();

      const assistantContext = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        extraHTTPHeaders: { 'X-Forwarded-For': ip },
      });
      const assistant = await assistantContext.newPage();
      const assistantErrors = consoleErrors(assistant);
      await signIn(assistantContext, assistantTokens);

      // The account leads to the quick order.
      // Links are followed by address: a click also prefetches the page, and two loads at once with an expired
      // access token (5 s here) rotate the same refresh token twice, which ends the session.
      await freshSession(request, assistantContext, assistantEmail, ip);
      await assistant.goto('/kg/account/');
      await assistant.goto((await assistant.getByRole('link', { name: 'Быстрый заказ' }).getAttribute('href'))!);
      await expect(assistant).toHaveURL(/\/kg\/account\/quick-order\/$/);
      await expect(assistant.getByRole('heading', { level: 1, name: 'Быстрый заказ' })).toBeVisible();
      await waitForIslands(assistant);
      await expectNoSeriousAxeViolations(assistant);
      await assistant.getByRole('button', { name: 'Проверить наличие' }).click();
      await expect(assistant.getByText('Вставьте строки или выберите файл.')).toBeVisible();
      await assistant
        .getByLabel('Артикулы и количества')
        .fill([`${a!.sku} 2`, `${b!.sku};1`, 'NO-SUCH-SKU-37 3', `${short.sku}\t${short.quantity + 5}`].join('\n'));
      await assistant.getByRole('button', { name: 'Проверить наличие' }).click();
      await expect(assistant.getByRole('heading', { name: 'Найдено: 2' })).toBeVisible({ timeout: 30_000 });
      await expect(assistant.getByRole('heading', { name: 'Не добавятся: 2' })).toBeVisible();
      const unknown = assistant.getByRole('listitem').filter({ hasText: 'Строка 3' });
      await expect(unknown).toContainText('Товар «NO-SUCH-SKU-37» не найден.');
      await expect(unknown).toContainText('Проверьте артикул');
      const tooMany = assistant.getByRole('listitem').filter({ hasText: 'Строка 4' });
      await expect(tooMany).toContainText(`Доступно только ${short.quantity} шт.`);
      await expect(tooMany.getByRole('button', { name: `Взять ${short.quantity} шт.` })).toBeVisible();
      await expectNoSeriousAxeViolations(assistant);
      await assistant.screenshot({ path: `test-results/quick-order-${size.width}.png`, fullPage: true });
      await assistant.getByRole('button', { name: 'Добавить в корзину (2)' }).click();
      await expect(assistant.getByText('В корзину добавлено 3 шт.')).toBeVisible();

      // What was found is kept as the clinic's list.
      await assistant.getByText('Сохранить найденное как список клиники').click();
      await assistant.getByLabel('Название списка').fill(listName);
      await assistant.getByRole('button', { name: 'Сохранить список' }).click();
      await expect(assistant.getByText(`Список «${listName}» сохранён`)).toBeVisible({ timeout: 30_000 });

      // The clinic page shows the list; its page edits it and adds it all to the cart.
      await freshSession(request, assistantContext, assistantEmail, ip);
      await assistant.goto(`/kg/account/clinic/?clinic=${clinic.id}`);
      const lists = assistant.getByRole('region', { name: 'Списки' });
      await expect(lists.getByText('2 позиции')).toBeVisible();
      await assistant.goto((await lists.getByRole('link', { name: listName }).getAttribute('href'))!);
      await expect(assistant.getByRole('heading', { level: 1, name: listName })).toBeVisible();
      await waitForIslands(assistant);
      await expectNoSeriousAxeViolations(assistant);
      await assistant.getByLabel(`Количество «${a!.name}»`).fill('3');
      await assistant.getByRole('button', { name: `Убрать «${b!.name}» из списка` }).click();
      await assistant.getByRole('button', { name: 'Сохранить изменения' }).click();
      await expect(assistant.getByText('Список сохранён.')).toBeVisible({ timeout: 30_000 });
      await assistant.reload();
      await waitForIslands(assistant);
      await expect(assistant.getByLabel(`Количество «${a!.name}»`)).toHaveValue('3');
      await expect(assistant.getByRole('button', { name: `Убрать «${b!.name}» из списка` })).toHaveCount(0);
      await assistant.getByRole('button', { name: 'Добавить всё в корзину' }).click();
      await expect(assistant.getByText('В корзину добавлено 3 шт.')).toBeVisible();
      await expectNoSeriousAxeViolations(assistant);
      await assistant.screenshot({ path: `test-results/clinic-list-${size.width}.png`, fullPage: true });
      const cart = await assistant.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown);
      expect(cart).toEqual([
        { id: a!.id, quantity: 5 },
        { id: b!.id, quantity: 1 },
      ]);

      // Checkout: for the clinic, to the clinic's address, by invoice on its requisites.
      await freshSession(request, assistantContext, assistantEmail, ip);
      await assistant.goto('/kg/checkout/');
      await waitForIslands(assistant);
      await expect(assistant.getByRole('radio', { name: new RegExp(`Для клиники «${clinicName}»`) })).toBeChecked();
      await expect(assistant.getByText('заказ уйдёт владельцу на согласование')).toBeVisible();
      await expect(assistant.getByRole('radio', { name: 'Бишкек, ул. Исанова, 37, клиника' })).toBeChecked();
      await expect(assistant.getByRole('radio', { name: 'По счёту для клиники' })).toBeChecked();
      await assistant.getByLabel('Фамилия').fill('Осмонова');
      await assistant.getByLabel('Телефон').fill('+996 555 373 737');
      await expectNoSeriousAxeViolations(assistant);
      await assistant.screenshot({ path: `test-results/clinic-checkout-${size.width}.png`, fullPage: true });
      await assistant.getByRole('button', { name: 'Подтвердить заказ' }).click();
      await expect(assistant).toHaveURL(/\/kg\/account\/orders\/KG-\d+\/$/, { timeout: 30_000 });
      const number = /(KG-\d+)/.exec(assistant.url())![1]!;
      await expect(assistant.locator('.order-head .order-status')).toHaveText('На согласовании');

      // The owner approves it on the clinic page.
      const ownerErrors = consoleErrors(page);
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
      await signIn(page.context(), ownerTokens);
      await page.goto(`/kg/account/clinic/?clinic=${clinic.id}`);
      const order = page.getByRole('listitem').filter({ hasText: `Заказ ${number}` });
      await expect(order.getByText('На согласовании')).toBeVisible();
      await order.scrollIntoViewIfNeeded();
      await waitForIslands(page);
      await order.getByRole('button', { name: 'Согласовать' }).click();
      await expect(order.getByText('Новый')).toBeVisible({ timeout: 30_000 });
      await expect(order.getByText('Айпери')).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      // The assistant sees it approved in the clinic's orders.
      await freshSession(request, assistantContext, assistantEmail, ip);
      await assistant.goto(`/kg/account/clinic/?clinic=${clinic.id}`);
      await expect(
        assistant
          .getByRole('listitem')
          .filter({ hasText: `Заказ ${number}` })
          .getByText('Новый'),
      ).toBeVisible();

      // The owner opens the colleague's order: read-only, the invoice on the clinic's requisites.
      await freshSession(request, page.context(), ownerEmail, ip);
      await page.goto((await order.getByRole('link', { name: `Заказ ${number}` }).getAttribute('href'))!);
      await expect(page).toHaveURL(new RegExp(`/kg/account/orders/${number}/$`));
      await expect(page.getByRole('note')).toContainText(`Заказ коллеги по клинике «${clinicName}»`);
      await expect(page.getByText('Отменить заказ')).toHaveCount(0);
      await expect(page.getByText(`${clinicName}, ИНН ${TAX}`)).toBeVisible();
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Скачать счёт на оплату (PDF)' }).click();
      const invoice = await downloading;
      expect(
        readFileSync((await invoice.path())!)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      // «Сохранить как список» keeps its lines as another list of the clinic.
      await page.getByText('Сохранить как список').first().click();
      await waitForIslands(page);
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Сохранить как список' }).click();
      await expect(page.getByRole('link', { name: `Как в заказе ${number}` })).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `test-results/clinic-colleague-order-${size.width}.png`, fullPage: true });
      // «Повторить заказ» puts its lines into the owner's cart.
      await page.getByRole('button', { name: 'Повторить заказ' }).click();
      await expect(page).toHaveURL(/\/kg\/cart\/$/);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown)).toEqual([
        { id: a!.id, quantity: 5 },
        { id: b!.id, quantity: 1 },
      ]);
      // And from the clinic's orders too.
      await page.evaluate(() => localStorage.removeItem('cart'));
      await freshSession(request, page.context(), ownerEmail, ip);
      await page.goto(`/kg/account/clinic/?clinic=${clinic.id}`);
      await page.getByRole('button', { name: `Повторить заказ ${number}` }).click();
      await expect(page).toHaveURL(/\/kg\/cart\/$/);
      await expect(page.getByText(a!.name).first()).toBeVisible();

      const unexpected = [...ownerErrors, ...assistantErrors].filter(
        (e) => !/Failed to load resource: the server responded with a status of 40[01]/.test(e),
      );
      expect(unexpected).toEqual([]);
      await assistantContext.close();
    });
  });
}
