/** The home page's banners, the offices' contacts per country, and the company's documents. */
import { Chip } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { ChangeHistory } from './changes.tsx';
import { countryChoices, countryName } from './choices.ts';
import { FieldRow } from './FieldRow.tsx';
import { moment, money } from './format.ts';
import { ShopRichTextInput } from './RichText.tsx';
import { COUNTRIES, COUNTRY_CODES, DEFAULT_COUNTRY } from '../../shared/countries.ts';
import { paths } from '../../shared/paths.ts';

type Banner = components['schemas']['StaffBanner'] & RaRecord;
type Contact = components['schemas']['StaffContact'] & RaRecord;

const nullIfEmpty = (value: string) => (value === '' ? null : value);

export function BannerList() {
  return (
    <List exporter={false} perPage={100} title="Баннеры">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="Баннер" render={(b: Banner) => b.title} />
        <FunctionField label="Страна" render={(b: Banner) => (b.country ? countryName(b.country) : 'все')} />
        <FunctionField label="Порядок" render={(b: Banner) => b.position} />
        <FunctionField
          label="На сайте"
          render={(b: Banner) =>
            b.is_active ? <Chip size="small" color="success" label="Показан" /> : <Chip size="small" label="Скрыт" />
          }
        />
      </Datagrid>
    </List>
  );
}

function BannerFields() {
  return (
    <>
      <TextInput source="title" label="Заголовок" fullWidth validate={required('Укажите заголовок.')} />
      <TextInput source="subtitle" label="Подзаголовок" fullWidth />
      <TextInput source="image" label="Картинка (адрес)" fullWidth validate={required('Укажите картинку.')} />
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

const bannerBody = ({ title, subtitle, image, link, country, position, is_active }: Partial<Banner>) => ({
  title,
  subtitle,
  image,
  link,
  country,
  position,
  is_active,
});

function BannerAside() {
  const banner = useRecordContext<Banner>();
  return banner ? <ChangeHistory entity="banner" id={banner.id} /> : null;
}

export function BannerEdit() {
  return (
    <Edit title="Баннер" mutationMode="pessimistic" transform={bannerBody} aside={<BannerAside />}>
      <SimpleForm>
        <BannerFields />
      </SimpleForm>
    </Edit>
  );
}

export function BannerCreate() {
  return (
    <Create title="Новый баннер" redirect="list" transform={bannerBody}>
      <SimpleForm defaultValues={{ position: 0, is_active: true, country: null }}>
        <BannerFields />
      </SimpleForm>
    </Create>
  );
}

export function ContactList() {
  return (
    <List exporter={false} perPage={100} title="Контакты">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="Город" render={(c: Contact) => `${c.city}, ${countryName(c.country)}`} />
        <FunctionField label="Адрес" render={(c: Contact) => c.address} />
        <FunctionField label="Телефоны" render={(c: Contact) => c.phones.join(', ')} />
        <FunctionField label="Часы работы" render={(c: Contact) => c.working_hours || '—'} />
      </Datagrid>
    </List>
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

const contactBody = ({
  country,
  city,
  address,
  phones,
  email,
  working_hours,
  whatsapp,
  telegram,
  position,
}: Partial<Contact>) => ({
  country,
  city,
  address,
  phones,
  email,
  working_hours,
  whatsapp,
  telegram,
  position,
});

function ContactAside() {
  const contact = useRecordContext<Contact>();
  return contact ? <ChangeHistory entity="contact" id={contact.id} /> : null;
}

export function ContactEdit() {
  return (
    <Edit title="Контакт" mutationMode="pessimistic" transform={contactBody} aside={<ContactAside />}>
      <SimpleForm>
        <ContactFields />
      </SimpleForm>
    </Edit>
  );
}

export function ContactCreate() {
  return (
    <Create title="Новый контакт" redirect="list" transform={contactBody}>
      <SimpleForm defaultValues={{ country: 'kg', phones: [], position: 0 }}>
        <ContactFields />
      </SimpleForm>
    </Create>
  );
}

type ShopDocument = components['schemas']['StaffDocument'] & RaRecord;

export function DocumentList() {
  return (
    <List exporter={false} perPage={100} title="Документы">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="Документ" render={(d: ShopDocument) => d.title} />
        <FunctionField label="Вид" render={(d: ShopDocument) => d.document_type} />
        <FunctionField label="Адрес" render={(d: ShopDocument) => d.slug} />
        <FunctionField label="Изменён" render={(d: ShopDocument) => moment(d.updated_at)} />
      </Datagrid>
    </List>
  );
}

function DocumentFields() {
  return (
    <>
      <TextInput source="title" label="Название" fullWidth validate={required('Укажите название.')} />
      <FieldRow>
        <TextInput source="slug" label="Адрес" helperText="Пусто — из названия" />
        <TextInput source="document_type" label="Вид" helperText="offer, privacy, licence…" validate={required()} />
      </FieldRow>
      <ShopRichTextInput source="content" label="Текст" fullWidth />
      <TextInput source="file" label="Файл для скачивания (адрес)" fullWidth parse={nullIfEmpty} />
    </>
  );
}

const documentBody = ({ title, slug, document_type, content, file }: Partial<ShopDocument>) => ({
  title,
  slug,
  document_type,
  content,
  file,
});

function DocumentAside() {
  const document = useRecordContext<ShopDocument>();
  if (!document) return null;
  return <ChangeHistory entity="document" id={document.id} link={paths.document(DEFAULT_COUNTRY, document.slug)} />;
}

export function DocumentEdit() {
  return (
    <Edit title="Документ" mutationMode="pessimistic" transform={documentBody} aside={<DocumentAside />}>
      <SimpleForm>
        <DocumentFields />
      </SimpleForm>
    </Edit>
  );
}

export function DocumentCreate() {
  return (
    <Create title="Новый документ" redirect="edit" transform={documentBody}>
      <SimpleForm>
        <DocumentFields />
      </SimpleForm>
    </Create>
  );
}

type PrintingPrice = components['schemas']['StaffPrintingPrice'] & RaRecord;

const priceCell = (p: PrintingPrice) =>
  COUNTRY_CODES.map(
    (code) => `${code.toUpperCase()}: ${p.prices[code] ? money(p.prices[code], COUNTRIES[code].currency) : '—'}`,
  ).join(' · ');

export function PrintingPriceList() {
  return (
    <List exporter={false} perPage={100} title="Цены на 3D-печать">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="Услуга" render={(p: PrintingPrice) => `${p.service}, ${p.material}`} />
        <FunctionField label="За" render={(p: PrintingPrice) => p.unit} />
        <FunctionField label="Цены" render={priceCell} />
        <FunctionField
          label="На сайте"
          render={(p: PrintingPrice) =>
            p.is_active ? <Chip size="small" color="success" label="Показана" /> : <Chip size="small" label="Скрыта" />
          }
        />
      </Datagrid>
    </List>
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

const printingBody = ({
  service,
  material,
  unit,
  lead_time,
  description,
  position,
  is_active,
  prices,
}: Partial<PrintingPrice>) => ({
  service,
  material,
  unit,
  lead_time,
  description,
  position,
  is_active,
  prices,
});

function PrintingAside() {
  const record = useRecordContext<PrintingPrice>();
  return record ? <ChangeHistory entity="printing_price" id={record.id} /> : null;
}

export function PrintingPriceEdit() {
  return (
    <Edit title="Услуга печати" mutationMode="pessimistic" transform={printingBody} aside={<PrintingAside />}>
      <SimpleForm>
        <PrintingPriceFields />
      </SimpleForm>
    </Edit>
  );
}

export function PrintingPriceCreate() {
  return (
    <Create title="Новая услуга печати" redirect="list" transform={printingBody}>
      <SimpleForm defaultValues={{ position: 0, is_active: true, prices: {} }}>
        <PrintingPriceFields />
      </SimpleForm>
    </Create>
  );
}
