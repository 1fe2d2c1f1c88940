/**
 * What staff call the fields the shop audits, in one dictionary: the journal of changes, a record's
 * history and the changes of an import all name a field by these words. Keys are the stored field
 * names: the catalog's (`price`, `old_price`, `is_active`...) and the staff tables' and accounts'
 * (`title`, `isOpen`, `firstName`...). Each label is `[nominative, accusative]` («цена», «изменил(а)
 * цену»); the accusative is left out where it is the same word.
 */
type Label = readonly [nominative: string, accusative?: string];

const LABELS: Record<string, Label> = {
  // Products and their offers (catalog_changes).
  product: ['товар'],
  offer: ['продажа', 'продажу'],
  sku: ['артикул'],
  name: ['название'],
  slug: ['адрес на сайте'],
  category: ['категория', 'категорию'],
  brand: ['бренд'],
  family: ['семейство (варианты)'],
  is_active: ['показ на сайте'],
  description: ['описание'],
  images: ['фото'],
  price: ['цена', 'цену'],
  old_price: ['старая цена', 'старую цену'],
  quantity: ['остаток'],
  // Publications, vacancies, courses and the small tables (staff_changes).
  title: ['название'],
  lead: ['анонс'],
  body: ['текст'],
  cover: ['обложка', 'обложку'],
  coverAlt: ['описание обложки'],
  seoTitle: ['SEO-заголовок'],
  seoDescription: ['SEO-описание'],
  topics: ['темы'],
  publishedAt: ['дата публикации', 'дату публикации'],
  kind: ['раздел'],
  isOpen: ['набор'],
  city: ['город'],
  country: ['страна', 'страну'],
  employmentType: ['занятость'],
  salaryFrom: ['зарплата от', 'зарплату от'],
  salaryTo: ['зарплата до', 'зарплату до'],
  salaryCurrency: ['валюта зарплаты', 'валюту зарплаты'],
  duties: ['обязанности'],
  requirements: ['требования'],
  conditions: ['условия'],
  validThrough: ['срок приёма откликов'],
  status: ['состояние'],
  notes: ['заметки'],
  seatsHeld: ['места на курсе по заявке'],
  date: ['дата', 'дату'],
  kgs: ['курс сома'],
  kzt: ['курс тенге'],
  usd: ['курс доллара'],
  rub: ['курс рубля'],
  parentId: ['родительская категория', 'родительскую категорию'],
  position: ['порядок'],
  image: ['картинка', 'картинку'],
  isActive: ['показ на сайте'],
  companions: ['«С этим покупают»'],
  origin: ['страна происхождения', 'страну происхождения'],
  logo: ['логотип'],
  isPublished: ['публикация', 'публикацию'],
  seatsTotal: ['мест всего'],
  seatsLeft: ['свободные места'],
  currency: ['валюта', 'валюту'],
  startDate: ['дата начала', 'дату начала'],
  endDate: ['дата окончания', 'дату окончания'],
  venue: ['место проведения'],
  address: ['адрес'],
  lecturer: ['лектор'],
  categoryId: ['раздел'],
  dayStarts: ['начало занятий'],
  dayEnds: ['конец занятий'],
  schedule: ['расписание'],
  subtitle: ['подзаголовок'],
  link: ['ссылка', 'ссылку'],
  phones: ['телефоны'],
  email: ['email'],
  workingHours: ['часы работы'],
  whatsapp: ['WhatsApp'],
  telegram: ['Telegram'],
  unit: ['единица измерения', 'единицу измерения'],
  isFilter: ['показ в фильтрах'],
  content: ['текст'],
  documentType: ['вид документа'],
  file: ['файл'],
  service: ['услуга', 'услугу'],
  material: ['материал'],
  leadTime: ['срок'],
  price_kg: ['цена в Кыргызстане', 'цену в Кыргызстане'],
  price_kz: ['цена в Казахстане', 'цену в Казахстане'],
  // Accounts.
  firstName: ['имя'],
  lastName: ['фамилия', 'фамилию'],
  phone: ['телефон'],
  organisation: ['организация', 'организацию'],
  taxNumber: ['ИНН/БИН'],
  isStaff: ['доступ сотрудника'],
  isSuperuser: ['права администратора'],
  // Clinics and price lists.
  verified: ['отметка «проверена»', 'отметку «проверена»'],
  priceListId: ['прайс-лист'],
  owners: ['владельцы', 'владельцев'],
  rules: ['скидки'],
  comment: ['комментарий'],
  canExchange: ['обмен с 1С'],
};

/** Where a field means something else for one kind of record. */
const BY_ENTITY: Record<string, Record<string, Label>> = {
  user: { isActive: ['вход и заказы'], country: ['страна магазина', 'страну магазина'] },
  request: { kind: ['вид заявки'] },
  printing_price: { isActive: ['показ на сайте'] },
  exchange_mapping: { country: ['страна', 'страну'] },
};

function labelOf(field: string, entity?: string): Label | undefined {
  // A price list's fixed price of one SKU (`fixed:3M-Z250-A2`).
  if (field.startsWith('fixed:'))
    return [`фиксированная цена ${field.slice(6)}`, `фиксированную цену ${field.slice(6)}`];
  // A product's fixed price in a price list, written by a prices import (`price_list:<id>:<name>`).
  const list = /^price_list:\d+:(.*)$/s.exec(field);
  if (list) return [`цена по прайс-листу «${list[1]}»`, `цену по прайс-листу «${list[1]}»`];
  const own = entity === undefined ? undefined : BY_ENTITY[entity];
  if (own && Object.hasOwn(own, field)) return own[field];
  return Object.hasOwn(LABELS, field) ? LABELS[field] : undefined;
}

/** «цена»: what staff call a field (of a kind of record, where it differs); the field's code when unknown. */
export function fieldLabel(field: string, entity?: string): string {
  return labelOf(field, entity)?.[0] ?? field;
}

/** «цену», as in «изменил(а) цену»: the label in the accusative. */
export function fieldLabelAccusative(field: string, entity?: string): string {
  const label = labelOf(field, entity);
  return label ? (label[1] ?? label[0]) : field;
}

/** The kinds of records the journal names, as `[nominative, accusative]` («Публикация», «создал(а) публикацию»). */
const RECORD_KINDS: Record<string, readonly [nominative: string, accusative: string]> = {
  product: ['Товар', 'товар'],
  import: ['Загрузка', 'загрузку'],
  user: ['Учётная запись', 'учётную запись'],
  publication: ['Публикация', 'публикацию'],
  vacancy: ['Вакансия', 'вакансию'],
  exchange: ['Курс валют', 'курс валют'],
  request: ['Заявка', 'заявку'],
  category: ['Категория', 'категорию'],
  brand: ['Бренд', 'бренд'],
  course: ['Курс', 'курс'],
  banner: ['Баннер', 'баннер'],
  contact: ['Контакт', 'контакт'],
  course_category: ['Раздел курсов', 'раздел курсов'],
  specification: ['Характеристика', 'характеристику'],
  document: ['Документ', 'документ'],
  printing_price: ['Услуга печати', 'услугу печати'],
  clinic: ['Клиника', 'клинику'],
  price_list: ['Прайс-лист', 'прайс-лист'],
  exchange_mapping: ['Обмен с 1С', 'сопоставление 1С'],
};

/** Every kind of record the journal names, with its name («Товар»), in the order a filter lists them. */
export const RECORD_KIND_NAMES: readonly { id: string; name: string }[] = Object.entries(RECORD_KINDS).map(
  ([id, [name]]) => ({ id, name }),
);

/** «Публикация»: a kind of record as staff call it; the code when unknown. */
export function recordKindName(entity: string): string {
  return Object.hasOwn(RECORD_KINDS, entity) ? RECORD_KINDS[entity]![0] : entity;
}

/** «публикацию», as in «создал(а) публикацию». */
export function recordKindAccusative(entity: string): string {
  return Object.hasOwn(RECORD_KINDS, entity) ? RECORD_KINDS[entity]![1] : entity;
}
