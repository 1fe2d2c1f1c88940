/** The home page's banners, the offices' contacts per country, and the company's documents. */
import {
  ArrayInput,
  BooleanInput,
  FunctionField,
  NumberInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { countryChoices, countryName, documentKindChoices, documentKindName } from './choices.ts';
import { FieldRow } from './FieldRow.tsx';
import { PictureInput } from './PictureInput.tsx';
import { FlagChip } from './FlagChip.tsx';
import { moment, money } from './format.ts';
import { ResourceTable, resourceScreens } from './resource-screens.tsx';
import { nullIfEmpty, only } from './resource-words.ts';
import { ShopRichTextInput } from './RichText.tsx';
import { COUNTRIES, COUNTRY_CODES, DEFAULT_COUNTRY } from '../../shared/countries.ts';
import { paths } from '../../shared/paths.ts';

type Banner = components['schemas']['StaffBanner'] & RaRecord;
type Contact = components['schemas']['StaffContact'] & RaRecord;

export function BannerList() {
  return (
    <ResourceTable title="Баннеры">
      <FunctionField label="Баннер" render={(b: Banner) => b.title} />
      <FunctionField label="Страна" render={(b: Banner) => (b.country ? countryName(b.country) : 'все')} />
      <FunctionField label="Порядок" render={(b: Banner) => b.position} />
      <FunctionField label="На сайте" render={(b: Banner) => <FlagChip on={b.is_active} yes="Показан" no="Скрыт" />} />
    </ResourceTable>
  );
}

function BannerFields() {
  return (
    <>
      <TextInput source="title" label="Заголовок" fullWidth validate={required('Укажите заголовок.')} />
      <TextInput source="subtitle" label="Подзаголовок" fullWidth />
      <PictureInput
        source="image"
        label="Картинка"
        empty=""
        validate={required('Укажите картинку.')}
        hint="1200×400 пикселей: баннер на главной странице."
      />
      <TextInput
        source="link"
        label="Ссылка"
        fullWidth
        helperText="Путь на сайте (/kg/catalog/…) или адрес http(s)://"
      />
      <FieldRow>
        <SelectInput
          source="country"
          label="Страна"
          choices={countryChoices}
          emptyText="все страны"
          parse={nullIfEmpty}
        />
        <NumberInput source="position" label="Порядок" />
      </FieldRow>
      <BooleanInput source="is_active" label="Показан на главной" />
    </>
  );
}

const banner = resourceScreens<Banner>({
  noun: { one: 'баннер', accusative: 'баннер', gender: 'm' },
  label: (b) => b.title,
  Fields: BannerFields,
  body: only<Banner>(['title', 'subtitle', 'image', 'link', 'country', 'position', 'is_active']),
  defaults: { position: 0, is_active: true, country: null },
  history: { entity: 'banner' },
});
export const BannerEdit = banner.Edit;
export const BannerCreate = banner.Create;

export function ContactList() {
  return (
    <ResourceTable title="Контакты">
      <FunctionField label="Город" render={(c: Contact) => `${c.city}, ${countryName(c.country)}`} />
      <FunctionField label="Адрес" render={(c: Contact) => c.address} />
      <FunctionField label="Телефоны" render={(c: Contact) => c.phones.join(', ')} />
      <FunctionField label="Часы работы" render={(c: Contact) => c.working_hours || '—'} />
    </ResourceTable>
  );
}

function ContactFields() {
  return (
    <>
      <FieldRow>
        <SelectInput source="country" label="Страна" choices={countryChoices} validate={required()} />
        <TextInput source="city" label="Город" validate={required('Укажите город.')} />
        <NumberInput source="position" label="Порядок" />
      </FieldRow>
      <TextInput source="address" label="Адрес" fullWidth validate={required('Укажите адрес.')} />
      <ArrayInput source="phones" label="Телефоны">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label="Телефон" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput source="email" label="Email" type="email" />
      <TextInput source="working_hours" label="Часы работы" fullWidth />
      <FieldRow>
        <TextInput source="whatsapp" label="WhatsApp" helperText="Телефон с кодом страны" />
        <TextInput source="telegram" label="Telegram" helperText="Имя пользователя, например dentalmarket_kg" />
      </FieldRow>
    </>
  );
}

const contact = resourceScreens<Contact>({
  noun: { one: 'контакт', accusative: 'контакт', gender: 'm' },
  label: (c) => [c.city, c.address].filter(Boolean).join(', '),
  Fields: ContactFields,
  body: only<Contact>([
    'country',
    'city',
    'address',
    'phones',
    'email',
    'working_hours',
    'whatsapp',
    'telegram',
    'position',
  ]),
  defaults: { country: 'kg', phones: [], position: 0 },
  history: { entity: 'contact' },
});
export const ContactEdit = contact.Edit;
export const ContactCreate = contact.Create;

type ShopDocument = components['schemas']['StaffDocument'] & RaRecord;

export function DocumentList() {
  return (
    <ResourceTable title="Документы">
      <FunctionField label="Документ" render={(d: ShopDocument) => d.title} />
      <FunctionField label="Вид" render={(d: ShopDocument) => documentKindName(d.document_type)} />
      <FunctionField label="Адрес" render={(d: ShopDocument) => d.slug} />
      <FunctionField label="Изменён" render={(d: ShopDocument) => moment(d.updated_at)} />
    </ResourceTable>
  );
}

/** A document's kind by its Russian name; a kind written some other way (through the API) stays offered as it is. */
function DocumentKindInput() {
  const document = useRecordContext<ShopDocument>();
  const known = documentKindChoices.some((kind) => kind.id === document?.document_type);
  const choices =
    document && !known
      ? [...documentKindChoices, { id: document.document_type, name: document.document_type }]
      : documentKindChoices;
  return (
    <SelectInput source="document_type" label="Вид" choices={choices} validate={required('Выберите вид документа.')} />
  );
}

function DocumentFields() {
  return (
    <>
      <TextInput source="title" label="Название" fullWidth validate={required('Укажите название.')} />
      <FieldRow>
        <TextInput source="slug" label="Адрес" helperText="Пусто — из названия" />
        <DocumentKindInput />
      </FieldRow>
      <ShopRichTextInput source="content" label="Текст" fullWidth />
      <TextInput source="file" label="Файл для скачивания (адрес)" fullWidth parse={nullIfEmpty} />
    </>
  );
}

const shopDocument = resourceScreens<ShopDocument>({
  noun: { one: 'документ', accusative: 'документ', gender: 'm' },
  label: (d) => d.title,
  Fields: DocumentFields,
  body: only<ShopDocument>(['title', 'slug', 'document_type', 'content', 'file']),
  afterCreate: 'edit',
  history: { entity: 'document', link: (d) => paths.document(DEFAULT_COUNTRY, d.slug) },
});
export const DocumentEdit = shopDocument.Edit;
export const DocumentCreate = shopDocument.Create;

type PrintingPrice = components['schemas']['StaffPrintingPrice'] & RaRecord;

const priceCell = (p: PrintingPrice) =>
  COUNTRY_CODES.map(
    (code) => `${code.toUpperCase()}: ${p.prices[code] ? money(p.prices[code], COUNTRIES[code].currency) : '—'}`,
  ).join(' · ');

export function PrintingPriceList() {
  return (
    <ResourceTable title="Цены на 3D-печать">
      <FunctionField label="Услуга" render={(p: PrintingPrice) => `${p.service}, ${p.material}`} />
      <FunctionField label="За" render={(p: PrintingPrice) => p.unit} />
      <FunctionField label="Цены" render={priceCell} />
      <FunctionField
        label="На сайте"
        render={(p: PrintingPrice) => <FlagChip on={p.is_active} yes="Показана" no="Скрыта" />}
      />
    </ResourceTable>
  );
}

function PrintingPriceFields() {
  return (
    <>
      <FieldRow>
        <TextInput source="service" label="Услуга" validate={required('Укажите услугу.')} />
        <TextInput source="material" label="Материал" validate={required('Укажите материал.')} />
      </FieldRow>
      <FieldRow>
        <TextInput source="unit" label="Единица (за что цена)" validate={required()} />
        <TextInput source="lead_time" label="Срок" />
        <NumberInput source="position" label="Порядок" />
      </FieldRow>
      <FieldRow>
        {COUNTRY_CODES.map((code) => (
          <TextInput
            key={code}
            source={`prices.${code}`}
            label={`Цена: ${COUNTRIES[code].name} (${COUNTRIES[code].currency})`}
            parse={nullIfEmpty}
            helperText="Пусто — не оказываем в этой стране"
          />
        ))}
      </FieldRow>
      <TextInput source="description" label="Описание" multiline minRows={2} fullWidth />
      <BooleanInput source="is_active" label="Показана на сайте" />
    </>
  );
}

const printingPrice = resourceScreens<PrintingPrice>({
  noun: { one: 'услуга печати', accusative: 'услугу печати', gender: 'f' },
  label: (p) => [p.service, p.material].filter(Boolean).join(', '),
  Fields: PrintingPriceFields,
  body: only<PrintingPrice>([
    'service',
    'material',
    'unit',
    'lead_time',
    'description',
    'position',
    'is_active',
    'prices',
  ]),
  defaults: { position: 0, is_active: true, prices: {} },
  history: { entity: 'printing_price' },
});
export const PrintingPriceEdit = printingPrice.Edit;
export const PrintingPriceCreate = printingPrice.Create;
