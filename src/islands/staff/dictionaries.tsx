/** Short lists staff keep in order: course categories and product specifications. */
import { Typography } from '@mui/material';
import {
  BooleanInput,
  FunctionField,
  NumberInput,
  required,
  SelectInput,
  TextInput,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { FieldRow } from './FieldRow.tsx';
import { FlagChip } from './FlagChip.tsx';
import { ResourceTable, resourceScreens } from './resource-screens.tsx';
import { only } from './resource-words.ts';

type CourseCategory = components['schemas']['StaffCourseCategory'] & RaRecord;
type Specification = components['schemas']['StaffSpecification'] & RaRecord;

export function CourseCategoryList() {
  return (
    <ResourceTable title="Разделы курсов">
      <FunctionField label="Раздел" render={(c: CourseCategory) => c.name} />
      <FunctionField label="Адрес" render={(c: CourseCategory) => c.slug} />
      <FunctionField label="Порядок" render={(c: CourseCategory) => c.position} />
    </ResourceTable>
  );
}

function CourseCategoryFields() {
  return (
    <>
      <TextInput source="name" label="Название" fullWidth validate={required('Укажите название.')} />
      <FieldRow>
        <TextInput source="slug" label="Адрес" helperText="Пусто — из названия" />
        <NumberInput source="position" label="Порядок" />
      </FieldRow>
      <TextInput source="description" label="Описание" multiline minRows={3} fullWidth />
    </>
  );
}

const courseCategory = resourceScreens<CourseCategory>({
  noun: { one: 'раздел курсов', accusative: 'раздел курсов', gender: 'm' },
  label: (c) => c.name,
  Fields: CourseCategoryFields,
  body: only<CourseCategory>(['name', 'slug', 'description', 'position']),
  defaults: { position: 0 },
  history: { entity: 'course_category' },
  deleteNote: 'Раздел, в котором есть курсы, удалить нельзя: сначала перенесите их.',
});
export const CourseCategoryEdit = courseCategory.Edit;
export const CourseCategoryCreate = courseCategory.Create;

const KIND_CHOICES = [
  { id: 'text', name: 'Текст (оттенок, форма)' },
  { id: 'number', name: 'Число (объём, длина)' },
];

export function SpecificationList() {
  return (
    <ResourceTable title="Характеристики">
      <FunctionField label="Характеристика" render={(s: Specification) => s.name} />
      <FunctionField label="Единица" render={(s: Specification) => s.unit ?? '—'} />
      <FunctionField label="Значения" render={(s: Specification) => (s.kind === 'number' ? 'числа' : 'текст')} />
      <FunctionField
        label="В фильтрах"
        render={(s: Specification) => <FlagChip on={s.is_filter} yes="Да" no="Нет" />}
      />
      <FunctionField label="Порядок" render={(s: Specification) => s.position} />
    </ResourceTable>
  );
}

/** A specification's kind is fixed once created: said, not offered as a control. */
function KindNote() {
  const record = useRecordContext<Specification>();
  if (!record) return null;
  return (
    <Typography variant="body2" sx={{ mb: 2 }}>
      Значения: {KIND_CHOICES.find((k) => k.id === record.kind)?.name ?? record.kind} — не меняется после создания.
    </Typography>
  );
}

function SpecificationFields({ create = false }: { create?: boolean }) {
  return (
    <>
      <TextInput source="name" label="Название" fullWidth validate={required('Укажите название.')} />
      <FieldRow>
        <TextInput source="slug" label="Адрес" helperText="Пусто — из названия" />
        <TextInput source="unit" label="Единица" helperText="мм, мл, г; пусто — без единицы" />
        <NumberInput source="position" label="Порядок" />
      </FieldRow>
      {create ? (
        <SelectInput
          source="kind"
          label="Значения"
          choices={KIND_CHOICES}
          validate={required()}
          helperText="Как сравнивать значения; не меняется потом"
        />
      ) : (
        <KindNote />
      )}
      <BooleanInput source="is_filter" label="Показывать в фильтрах каталога" />
    </>
  );
}

const specification = resourceScreens<Specification>({
  noun: { one: 'характеристика', accusative: 'характеристику', gender: 'f' },
  label: (s) => s.name,
  Fields: SpecificationFields,
  // The kind is chosen once, when the specification is created.
  body: only<Specification>(['name', 'slug', 'unit', 'position', 'is_filter'], ['kind']),
  defaults: { kind: 'text', is_filter: true, position: 0 },
  history: { entity: 'specification' },
  deleteNote: 'Её значения пропадут из карточек товаров и фильтров.',
});
export const SpecificationEdit = specification.Edit;
export const SpecificationCreate = specification.Create;
