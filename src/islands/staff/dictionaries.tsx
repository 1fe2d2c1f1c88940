/** Short lists staff keep in order: course categories and product specifications. */
import { Chip, Typography } from '@mui/material';
import {
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
  TextInput,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { ChangeHistory } from './changes.tsx';
import { FieldRow } from './FieldRow.tsx';

type CourseCategory = components['schemas']['StaffCourseCategory'] & RaRecord;
type Specification = components['schemas']['StaffSpecification'] & RaRecord;

export function CourseCategoryList() {
  return (
    <List exporter={false} perPage={100} title="Разделы курсов">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="Раздел" render={(c: CourseCategory) => c.name} />
        <FunctionField label="Адрес" render={(c: CourseCategory) => c.slug} />
        <FunctionField label="Порядок" render={(c: CourseCategory) => c.position} />
      </Datagrid>
    </List>
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

const courseCategoryBody = ({ name, slug, description, position }: Partial<CourseCategory>) => ({
  name,
  slug,
  description,
  position,
});

function CourseCategoryAside() {
  const record = useRecordContext<CourseCategory>();
  return record ? <ChangeHistory entity="course_category" id={record.id} /> : null;
}

export function CourseCategoryEdit() {
  return (
    <Edit
      title="Раздел курсов"
      mutationMode="pessimistic"
      transform={courseCategoryBody}
      aside={<CourseCategoryAside />}
    >
      <SimpleForm>
        <CourseCategoryFields />
      </SimpleForm>
    </Edit>
  );
}

export function CourseCategoryCreate() {
  return (
    <Create title="Новый раздел курсов" redirect="list" transform={courseCategoryBody}>
      <SimpleForm defaultValues={{ position: 0 }}>
        <CourseCategoryFields />
      </SimpleForm>
    </Create>
  );
}

const KIND_CHOICES = [
  { id: 'text', name: 'Текст (оттенок, форма)' },
  { id: 'number', name: 'Число (объём, длина)' },
];

export function SpecificationList() {
  return (
    <List exporter={false} perPage={100} title="Характеристики">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="Характеристика" render={(s: Specification) => s.name} />
        <FunctionField label="Единица" render={(s: Specification) => s.unit ?? '—'} />
        <FunctionField label="Значения" render={(s: Specification) => (s.kind === 'number' ? 'числа' : 'текст')} />
        <FunctionField
          label="В фильтрах"
          render={(s: Specification) =>
            s.is_filter ? <Chip size="small" color="success" label="Да" /> : <Chip size="small" label="Нет" />
          }
        />
        <FunctionField label="Порядок" render={(s: Specification) => s.position} />
      </Datagrid>
    </List>
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
          helperText="Как сравнивать значения; не меняется потом"
        />
      ) : (
        <KindNote />
      )}
      <BooleanInput source="is_filter" label="Показывать в фильтрах каталога" />
    </>
  );
}

const specificationBody = ({ name, slug, unit, position, is_filter }: Partial<Specification>) => ({
  name,
  slug,
  unit,
  position,
  is_filter,
});

function SpecificationAside() {
  const record = useRecordContext<Specification>();
  return record ? <ChangeHistory entity="specification" id={record.id} /> : null;
}

export function SpecificationEdit() {
  return (
    <Edit
      title="Характеристика"
      mutationMode="pessimistic"
      transform={specificationBody}
      aside={<SpecificationAside />}
    >
      <SimpleForm>
        <SpecificationFields />
      </SimpleForm>
    </Edit>
  );
}

export function SpecificationCreate() {
  return (
    <Create
      title="Новая характеристика"
      redirect="list"
      transform={(data: Partial<Specification>) => ({ ...specificationBody(data), kind: data.kind })}
    >
      <SimpleForm defaultValues={{ kind: 'text', is_filter: true, position: 0 }}>
        <SpecificationFields create />
      </SimpleForm>
    </Create>
  );
}
