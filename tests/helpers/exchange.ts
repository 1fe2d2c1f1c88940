import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { runExchangeTask } from '../../src/server/exchange/exchange.runner.ts';
import { STAFF } from './accounts.ts';
import { api, dbRows, qs } from './api.ts';

/** Runs the exchange tasks waiting for a worker, as the `exchange-1c` queue would. */
export async function runPendingExchangeTasks(): Promise<number> {
  const pending = await dbRows<{ id: string }>(
    sql`select id from tasks where kind = 'import_1c' and status = 'PENDING' order by created_at`,
  );
  for (const { id } of pending) await runExchangeTask(id);
  return pending.length;
}

/** A client that speaks to the shop as 1C's «Обмен с сайтом» does: Basic auth, then the session cookie. */
export class OneC {
  cookie = '';
  readonly login: string;
  readonly password: string;
  readonly ip: string;

  constructor(login: string = STAFF.email, password: string = STAFF.password, ip = '203.0.113.7') {
    this.login = login;
    this.password = password;
    this.ip = ip;
  }

  async call(params: Record<string, string>, body?: Buffer): Promise<string> {
    const headers = new Headers({
      Authorization: `Basic ${Buffer.from(`${this.login}:${this.password}`).toString('base64')}`,
    });
    if (this.cookie) headers.set('Cookie', this.cookie);
    if (body) headers.set('Content-Type', 'application/octet-stream');
    const response = await api(`/exchange/1c/?${qs(params)}`, {
      method: body ? 'POST' : 'GET',
      headers,
      body: body ? new Uint8Array(body) : undefined,
      ip: this.ip,
    });
    if (response.status !== 200)
      throw new Error(`The exchange answered ${response.status}: ${JSON.stringify(response.body)}`);
    if (!/^(text\/plain|application\/xml)/.test(String(response.headers.get('content-type'))))
      throw new Error(`Not plain text: ${response.headers.get('content-type')}`);
    return response.body as string;
  }

  async checkauth(type = 'catalog'): Promise<string> {
    const text = await this.call({ type, mode: 'checkauth' });
    const [status, name, value] = text.split('\n');
    if (status === 'success') this.cookie = `${name}=${value}`;
    return text;
  }

  /** `init`'s lines as a map (`zip`, `file_limit`, `sessid`, `version`). */
  async init(type = 'catalog'): Promise<Map<string, string>> {
    const text = await this.call({ type, mode: 'init' });
    return new Map(text.split('\n').map((line) => line.split('=', 2) as [string, string]));
  }

  /** Sends a file in parts of at most `part` bytes, as 1C does for a file over `file_limit`. */
  async sendFile(filename: string, data: Buffer, part = data.length, type = 'catalog'): Promise<string[]> {
    const answers: string[] = [];
    for (let start = 0; start < data.length; start += part)
      answers.push(await this.call({ type, mode: 'file', filename }, data.subarray(start, start + part)));
    return answers;
  }

  /** Asks to import a file until the answer is not `progress`, running the queued task in between. */
  async importFile(filename: string): Promise<{ answers: string[]; last: string }> {
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const text = await this.call({ type: 'catalog', mode: 'import', filename });
      answers.push(text);
      if (text !== 'progress') return { answers, last: text };
      await runPendingExchangeTasks();
    }
    return { answers, last: answers.at(-1)! };
  }

  /** checkauth, init, every file, then the imports: a whole catalog exchange. */
  async exchange(files: Record<string, Buffer>, imports: string[]): Promise<string[]> {
    if (!(await this.checkauth()).startsWith('success')) throw new Error('checkauth failed');
    await this.init();
    for (const [name, data] of Object.entries(files)) await this.sendFile(name, data);
    const results: string[] = [];
    for (const name of imports) results.push((await this.importFile(name)).last);
    return results;
  }
}

/** A zip of `files` (stored, UTF-8 names), as 1C packs an exchange with `zip=yes`. */
export function zipOf(files: Record<string, Buffer | string>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export interface FixtureProduct {
  id: string;
  sku: string;
  name?: string;
  group?: string;
  description?: string;
  picture?: string;
  maker?: string;
  /** Property Ид → value (an ИдЗначения or words). */
  properties?: Record<string, string>;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An `import.xml` in CommerceML 2.10 as 1C writes it: the classifier (groups, properties) and the products. */
export function importXml(products: FixtureProduct[], options: { changesOnly?: boolean; classifier?: boolean } = {}) {
  const classifier =
    options.classifier === false
      ? ''
      : `
  <Классификатор>
    <Ид>cls-dental</Ид>
    <Наименование>Классификатор (Номенклатура)</Наименование>
    <Группы>
      <Группа>
        <Ид>grp-fill</Ид>
        <Наименование>Пломбировочные материалы 1С</Наименование>
        <Группы>
          <Группа>
            <Ид>grp-comp</Ид>
            <Наименование>Композиты 1С</Наименование>
          </Группа>
        </Группы>
      </Группа>
    </Группы>
    <Свойства>
      <Свойство>
        <Ид>prop-maker</Ид>
        <Наименование>Производитель</Наименование>
        <ТипЗначений>Справочник</ТипЗначений>
        <ВариантыЗначений>
          <Справочник><ИдЗначения>val-3m</ИдЗначения><Значение>3M ESPE 1С</Значение></Справочник>
        </ВариантыЗначений>
      </Свойство>
      <Свойство>
        <Ид>prop-pack</Ид>
        <Наименование>Фасовка 1С</Наименование>
        <ТипЗначений>Строка</ТипЗначений>
      </Свойство>
    </Свойства>
  </Классификатор>`;
  const items = products
    .map(
      (p) => `
      <Товар>
        <Ид>${p.id}</Ид>
        <Штрихкод>4600000000000</Штрихкод>
        <Артикул>${escape(p.sku)}</Артикул>
        ${p.name === undefined ? '' : `<Наименование>${escape(p.name)}</Наименование>`}
        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>
        <Группы><Ид>${p.group ?? 'grp-comp'}</Ид></Группы>
        ${p.description ? `<Описание>${escape(p.description)}</Описание>` : '<Описание/>'}
        ${p.picture ? `<Картинка>${p.picture}</Картинка>` : ''}
        ${p.maker ? `<Изготовитель><Ид>mk-1</Ид><Наименование>${escape(p.maker)}</Наименование></Изготовитель>` : ''}
        <ЗначенияСвойств>${Object.entries(p.properties ?? {})
          .map(([id, v]) => `<ЗначенияСвойства><Ид>${id}</Ид><Значение>${escape(v)}</Значение></ЗначенияСвойства>`)
          .join('')}</ЗначенияСвойств>
        <ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>
      </Товар>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_210" xmlns:xs="http://www.w3.org/2001/XMLSchema" ВерсияСхемы="2.10" ДатаФормирования="2026-11-27T10:00:00">${classifier}
  <Каталог СодержитТолькоИзменения="${options.changesOnly ? 'true' : 'false'}">
    <Ид>cat-dental</Ид>
    <ИдКлассификатора>cls-dental</ИдКлассификатора>
    <Наименование>Основной каталог товаров</Наименование>
    <Товары>${items}
    </Товары>
  </Каталог>
</КоммерческаяИнформация>
`;
}

export interface FixtureOffer {
  id: string;
  sku?: string;
  kg?: string;
  kz?: string;
  quantity?: number;
  /** Warehouse Ид → its quantity (instead of the main warehouse). */
  stores?: Record<string, number>;
  /** The offer's name (else «Предложение <Ид>»). */
  name?: string;
  /** `ХарактеристикиТовара`: name → value. */
  characteristics?: Record<string, string>;
}

/** An `offers.xml` (CommerceML 2.10): price types in сом and тенге, one warehouse, the offers. */
export function offersXml(offers: FixtureOffer[], options: { changesOnly?: boolean; suffix?: string } = {}) {
  const kg = `pt-retail-kg${options.suffix ?? ''}`;
  const kz = `pt-retail-kz${options.suffix ?? ''}`;
  const stores = [...new Set(offers.flatMap((o) => Object.keys(o.stores ?? {})))];
  const quantityOf = (o: FixtureOffer) =>
    o.stores
      ? `<Количество>${Object.values(o.stores).reduce((a, b) => a + b, 0)}</Количество>${Object.entries(o.stores)
          .map(([id, n]) => `<Склад ИдСклада="${id}" КоличествоНаСкладе="${n}"/>`)
          .join('')}`
      : o.quantity === undefined
        ? ''
        : `<Количество>${o.quantity}</Количество><Склад ИдСклада="wh-main" КоличествоНаСкладе="${o.quantity}"/>`;
  const items = offers
    .map(
      (o) => `
      <Предложение>
        <Ид>${o.id}</Ид>
        ${o.sku ? `<Артикул>${o.sku}</Артикул>` : ''}
        <Наименование>${o.name ?? `Предложение ${o.id}`}</Наименование>${
          o.characteristics
            ? `<ХарактеристикиТовара>${Object.entries(o.characteristics)
                .map(
                  ([n, v]) =>
                    `<ХарактеристикаТовара><Наименование>${n}</Наименование><Значение>${v}</Значение></ХарактеристикаТовара>`,
                )
                .join('')}</ХарактеристикиТовара>`
            : ''
        }
        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE"/>
        <Цены>${
          o.kg
            ? `<Цена><Представление>${o.kg.replace('.', ',')} сом за шт</Представление><ИдТипаЦены>${kg}</ИдТипаЦены><ЦенаЗаЕдиницу>${o.kg}</ЦенаЗаЕдиницу><Валюта>сом</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>`
            : ''
        }${
          o.kz
            ? `<Цена><Представление>${o.kz} ₸ за шт</Представление><ИдТипаЦены>${kz}</ИдТипаЦены><ЦенаЗаЕдиницу>${o.kz}</ЦенаЗаЕдиницу><Валюта>KZT</Валюта></Цена>`
            : ''
        }</Цены>
        ${quantityOf(o)}
      </Предложение>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="windows-1251"?>
<КоммерческаяИнформация ВерсияСхемы="2.10" ДатаФормирования="2026-11-27T10:05:00">
  <ПакетПредложений СодержитТолькоИзменения="${options.changesOnly ? 'true' : 'false'}">
    <Ид>cat-dental#</Ид>
    <Наименование>Пакет предложений (Основной каталог товаров)</Наименование>
    <ИдКаталога>cat-dental</ИдКаталога>
    <ИдКлассификатора>cls-dental</ИдКлассификатора>
    <ТипыЦен>
      <ТипЦены><Ид>${kg}</Ид><Наименование>Розничная (Бишкек)${options.suffix ?? ''}</Наименование><Валюта>сом</Валюта></ТипЦены>
      <ТипЦены><Ид>${kz}</Ид><Наименование>Розничная (Алматы)${options.suffix ?? ''}</Наименование><Валюта>KZT</Валюта></ТипЦены>
    </ТипыЦен>
    <Склады><Склад><Ид>wh-main</Ид><Наименование>Основной склад</Наименование></Склад>${stores
      .map((id) => `<Склад><Ид>${id}</Ид><Наименование>Склад ${id}</Наименование></Склад>`)
      .join('')}</Склады>
    <Предложения>${items}
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>
`;
}
