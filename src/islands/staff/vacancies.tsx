/** Vacancies: the list (open ones first), and one editor for publishing, changing and closing them. */
import {
  ArrayInput,
  BooleanInput,
  Datagrid,
  DateInput,
  FunctionField,
  List,
  required,
  SelectInput,
  SimpleFormIterator,
  SimpleList,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { components } from '../../lib/api/schema.gen.ts';
import { CITIES } from '../../shared/cities.ts';
import { paths } from '../../shared/paths.ts';
import { countryChoices, countryName } from './choices.ts';
import { FieldRow } from './FieldRow.tsx';
import { FlagChip } from './FlagChip.tsx';
import { resourceScreens } from './resource-screens.tsx';
import { nullIfEmpty, only } from './resource-words.ts';
import { ByScreen } from './responsive.tsx';

type Vacancy = components['schemas']['Vacancy'] & RaRecord;

export const employmentChoices = [
  { id: 'full_time', name: 'Полная занятость' },
  { id: 'part_time', name: 'Частичная занятость' },
  { id: 'shift', name: 'Сменный график' },
  { id: 'internship', name: 'Стажировка' },
];

const filters = [
  <SelectInput key="country" source="country" label="Страна" choices={countryChoices} />,
  <SelectInput
    key="open"
    source="is_open"
    label="Набор"
    choices={[
      { id: 'true', name: 'Открыта' },
      { id: 'false', name: 'Закрыта' },
    ]}
  />,
];

const salary = (v: Vacancy) => v.salary_label;

export function VacancyList() {
  return (
    <List exporter={false} filters={filters} perPage={25} title="Вакансии">
      <ByScreen
        phone={
          <SimpleList<Vacancy>
            linkType="edit"
            primaryText={(v) => v.title}
            secondaryText={(v) => `${v.city_name} · ${salary(v)}`}
            tertiaryText={(v) => (v.is_open ? 'открыта' : 'закрыта')}
          />
        }
        wide={
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <FunctionField label="Вакансия" render={(v: Vacancy) => v.title} />
            <FunctionField label="Город" render={(v: Vacancy) => `${v.city_name}, ${countryName(v.country)}`} />
            <FunctionField label="Занятость" render={(v: Vacancy) => v.employment_type_label} />
            <FunctionField label="Зарплата" render={salary} />
            <FunctionField
              label="Набор"
              render={(v: Vacancy) => <FlagChip on={v.is_open} yes="Открыта" no="Закрыта" />}
            />
          </Datagrid>
        }
      />
    </List>
  );
}

/** The cities of the chosen country. */
function CityInput() {
  const country = useWatch({ name: 'country' }) as string | undefined;
  const choices = Object.values(CITIES)
    .filter((city) => !country || city.country === country)
    .map((city) => ({ id: city.code, name: city.name }));
  return <SelectInput source="city" label="Город" choices={choices} validate={required('Выберите город.')} />;
}

function ListItems({ source, label }: { source: string; label: string }) {
  return (
    <ArrayInput source={source} label={label}>
      <SimpleFormIterator inline disableReordering>
        <TextInput source="" label="Пункт" helperText={false} sx={{ minWidth: { sm: 420 } }} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function VacancyFields() {
  return (
    <>
      <TextInput source="title" label="Название" fullWidth validate={required('Укажите название.')} />
      <FieldRow>
        <SelectInput source="country" label="Страна" choices={countryChoices} validate={required('Выберите страну.')} />
        <CityInput />
        <SelectInput source="employment_type" label="Занятость" choices={employmentChoices} validate={required()} />
      </FieldRow>
      <FieldRow>
        <TextInput source="salary_from" label="Зарплата от (в валюте страны)" parse={nullIfEmpty} />
        <TextInput
          source="salary_to"
          label="Зарплата до"
          parse={nullIfEmpty}
          helperText="Пусто — «по договорённости»"
        />
        <DateInput source="valid_through" label="Принимаем отклики до" parse={nullIfEmpty} />
      </FieldRow>
      <TextInput source="lead" label="Коротко о вакансии" multiline minRows={2} fullWidth />
      <ListItems source="duties" label="Обязанности" />
      <ListItems source="requirements" label="Требования" />
      <ListItems source="conditions" label="Условия" />
      <BooleanInput
        source="is_open"
        label="Набор открыт"
        helperText="Снимите, чтобы закрыть: вакансия останется на сайте с пометкой, отклики не принимаются."
      />
    </>
  );
}

const vacancy = resourceScreens<Vacancy>({
  noun: { one: 'вакансия', accusative: 'вакансию', gender: 'f' },
  label: (v) => v.title,
  Fields: VacancyFields,
  body: only<Vacancy>([
    'title',
    'slug',
    'country',
    'city',
    'employment_type',
    'salary_from',
    'salary_to',
    'lead',
    'duties',
    'requirements',
    'conditions',
    'is_open',
    'valid_through',
  ]),
  defaults: {
    country: 'kg',
    employment_type: 'full_time',
    is_open: true,
    duties: [],
    requirements: [],
    conditions: [],
  },
  afterCreate: 'edit',
  history: { entity: 'vacancy', link: (v) => paths.vacancy(v.country, v.slug) },
  deleteNote: 'Отклики на неё останутся в заявках; чтобы просто перестать их принимать, закройте набор.',
});
export const VacancyEdit = vacancy.Edit;
export const VacancyCreate = vacancy.Create;
