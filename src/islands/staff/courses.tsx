/** Courses: the list (upcoming or past, by city), and one editor for dates, price, seats and the text. */
import {
  BooleanInput,
  Datagrid,
  DateInput,
  FunctionField,
  List,
  NumberInput,
  required,
  SearchInput,
  SelectInput,
  SimpleList,
  TextInput,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { CITIES } from '../../shared/cities.ts';
import { paths } from '../../shared/paths.ts';
import { FieldRow } from './FieldRow.tsx';
import { PictureInput } from './PictureInput.tsx';
import { FlagChip } from './FlagChip.tsx';
import { money } from './format.ts';
import { resourceScreens } from './resource-screens.tsx';
import { ByScreen } from './responsive.tsx';
import { ShopRichTextInput } from './RichText.tsx';
import { useAllRecords } from './use-all-records.ts';

type Course = components['schemas']['StaffCourse'] & RaRecord;

const cityChoices = Object.values(CITIES).map((city) => ({ id: city.code, name: city.name }));
const cityName = (code: string) => (CITIES as Record<string, { name: string } | undefined>)[code]?.name ?? code;
const day = (iso: string) => new Date(`${iso}T00:00:00`).toLocaleDateString('ru-RU');
const dates = (c: Course) =>
  c.start_date === c.end_date ? day(c.start_date) : `${day(c.start_date)} – ${day(c.end_date)}`;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Название или лектор" />,
  <SelectInput key="city" source="city" label="Город" choices={cityChoices} />,
  <SelectInput
    key="when"
    source="when"
    label="Когда"
    choices={[
      { id: 'upcoming', name: 'Предстоящие' },
      { id: 'past', name: 'Прошедшие' },
    ]}
  />,
];

export function CourseList() {
  return (
    <List exporter={false} filters={filters} filterDefaultValues={{ when: 'upcoming' }} perPage={25} title="Курсы">
      <ByScreen
        phone={
          <SimpleList<Course>
            linkType="edit"
            primaryText={(c) => c.title}
            secondaryText={(c) => `${dates(c)} · ${cityName(c.city)}`}
            tertiaryText={(c) => `мест: ${c.seats_left} из ${c.seats_total}`}
          />
        }
        wide={
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <FunctionField label="Курс" render={(c: Course) => c.title} />
            <FunctionField label="Даты" render={dates} />
            <FunctionField label="Город" render={(c: Course) => cityName(c.city)} />
            <FunctionField label="Цена" render={(c: Course) => money(c.price, c.currency)} />
            <FunctionField label="Свободно мест" render={(c: Course) => `${c.seats_left} из ${c.seats_total}`} />
            <FunctionField
              label="На сайте"
              render={(c: Course) => <FlagChip on={c.is_published} yes="Опубликован" no="Скрыт" />}
            />
          </Datagrid>
        }
      />
    </List>
  );
}

function CategoryInput() {
  const data = useAllRecords<{ id: number; slug: string; name: string }>('course_categories');
  const choices = (data ?? []).map((c) => ({ id: c.slug, name: c.name }));
  return (
    <SelectInput source="category.slug" label="Раздел" choices={choices} validate={required('Выберите раздел.')} />
  );
}

function CourseFields() {
  return (
    <>
      <TextInput source="title" label="Название" fullWidth validate={required('Укажите название.')} />
      <FieldRow>
        <CategoryInput />
        <SelectInput source="city" label="Город" choices={cityChoices} validate={required('Выберите город.')} />
        <TextInput source="slug" label="Адрес" helperText="Пусто — из названия" />
      </FieldRow>
      <FieldRow>
        <DateInput source="start_date" label="Начало" validate={required()} />
        <DateInput source="end_date" label="Конец" validate={required()} />
        <TextInput source="day_starts" label="Занятия с" helperText="ЧЧ:ММ" />
        <TextInput source="day_ends" label="до" helperText="ЧЧ:ММ" />
      </FieldRow>
      <FieldRow>
        <TextInput source="venue" label="Место" validate={required('Укажите место.')} />
        <TextInput source="address" label="Адрес места" />
      </FieldRow>
      <FieldRow>
        <TextInput source="price" label="Цена (в валюте страны города)" validate={required('Укажите цену.')} />
        <NumberInput source="seats_total" label="Мест всего" validate={required()} />
        <NumberInput source="seats_left" label="Свободно" helperText="При смене «всего» меняется так же" />
      </FieldRow>
      <FieldRow>
        <TextInput source="lecturer" label="Лектор" validate={required('Укажите лектора.')} />
        <TextInput source="lecturer_title" label="О лекторе" />
      </FieldRow>
      <TextInput source="lead" label="Коротко о курсе" multiline minRows={2} fullWidth />
      <TextInput source="schedule" label="Расписание" multiline minRows={2} fullWidth />
      <ShopRichTextInput source="description" label="Описание" fullWidth />
      <PictureInput source="cover" label="Обложка" hint="1200×630 пикселей: на странице курса и в ссылке на него." />
      <BooleanInput source="is_published" label="Опубликован на сайте" />
    </>
  );
}

const course = resourceScreens<Course>({
  noun: { one: 'курс', accusative: 'курс', gender: 'm' },
  label: (c) => c.title,
  Fields: CourseFields,
  // Only what the API takes; the category goes as its slug.
  body: (values) => {
    const { id: _id, currency: _currency, updated_at: _updated, category, ...rest } = values;
    const picked = category as Course['category'] | string | undefined;
    return { ...rest, category: typeof picked === 'string' ? picked : picked?.slug };
  },
  defaults: { day_starts: '10:00', day_ends: '18:00', is_published: true, seats_total: 12 },
  afterCreate: 'edit',
  history: {
    entity: 'course',
    link: (c) => (c.is_published ? paths.course(CITIES[c.city as keyof typeof CITIES]?.country ?? 'kg', c.slug) : null),
  },
  deleteNote: 'Записи на него останутся в заявках; чтобы убрать его с сайта, снимите публикацию.',
});
export const CourseEdit = course.Edit;
export const CourseCreate = course.Create;
