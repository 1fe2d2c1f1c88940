/** Categories (the tree, order, shown or hidden) and brands. */
import { Chip } from '@mui/material';
import {
  AutocompleteArrayInput,
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
import { paths } from '../../shared/paths.ts';
import { DEFAULT_COUNTRY } from '../../shared/countries.ts';
import { ChangeHistory } from './changes.tsx';
import { FieldRow } from './FieldRow.tsx';
import { useAllRecords } from './use-all-records.ts';

type Category = components['schemas']['StaffCategory'] & RaRecord;
type Brand = components['schemas']['StaffBrand'] & RaRecord;

const nullIfEmpty = (value: string) => (value === '' ? null : value);

export function CategoryList() {
  return (
    <List exporter={false} perPage={100} title="Категории">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField
          label="Категория"
          render={(c: Category) => <span style={{ paddingLeft: `${c.depth * 1.5}rem` }}>{c.name}</span>}
        />
        <FunctionField label="Адрес" render={(c: Category) => c.slug} />
        <FunctionField label="Порядок" render={(c: Category) => c.position} />
        <FunctionField label="Товаров" render={(c: Category) => c.products} />
        <FunctionField
          label="На сайте"
          render={(c: Category) =>
            c.is_active ? <Chip size="small" color="success" label="Показана" /> : <Chip size="small" label="Скрыта" />
          }
        />
      </Datagrid>
    </List>
  );
}

function ParentInput() {
  const record = useRecordContext<Category>();
  const data = useAllRecords<Category>('categories');
  const choices = (data ?? [])
    .filter((c) => c.id !== record?.id)
    .map((c) => ({ id: c.slug, name: `${'— '.repeat(c.depth)}${c.name}` }));
  return (
    <SelectInput
      source="parent"
      label="Внутри категории"
      choices={choices}
      emptyText="— верхний уровень —"
      parse={nullIfEmpty}
    />
  );
}

/** «С этим покупают»: the categories whose products go with this one's, in the order they are picked. */
function CompanionsInput() {
  const record = useRecordContext<Category>();
  const data = useAllRecords<Category>('categories');
  const choices = (data ?? []).filter((c) => c.id !== record?.id).map((c) => ({ id: c.slug, name: c.name }));
  return (
    <AutocompleteArrayInput
      source="companions"
      label="С этим покупают"
      choices={choices}
      fullWidth
      helperText="Категории товаров, которые нужны вместе с этими (к композиту — адгезив, травильный гель, диски)"
    />
  );
}

function CategoryFields() {
  return (
    <>
      <TextInput source="name" label="Название" fullWidth validate={required('Укажите название.')} />
      <FieldRow>
        <TextInput source="slug" label="Адрес" helperText="Латиница и дефисы; пусто — из названия" />
        <ParentInput />
        <NumberInput source="position" label="Порядок" helperText="Меньше — выше в меню" />
      </FieldRow>
      <TextInput source="description" label="Описание" multiline minRows={3} fullWidth />
      <TextInput source="image" label="Картинка (адрес)" fullWidth parse={nullIfEmpty} />
      <CompanionsInput />
      <BooleanInput source="is_active" label="Показана на сайте" />
    </>
  );
}

const categoryBody = ({
  name,
  slug,
  parent,
  position,
  description,
  image,
  is_active,
  companions,
}: Partial<Category>) => ({
  name,
  slug,
  parent,
  position,
  description,
  image,
  is_active,
  companions,
});

function CategoryAside() {
  const category = useRecordContext<Category>();
  if (!category) return null;
  const link = category.is_active ? paths.category(DEFAULT_COUNTRY, category.slug) : null;
  return <ChangeHistory entity="category" id={category.id} link={link} />;
}

export function CategoryEdit() {
  return (
    <Edit title="Категория" mutationMode="pessimistic" transform={categoryBody} aside={<CategoryAside />}>
      <SimpleForm>
        <CategoryFields />
      </SimpleForm>
    </Edit>
  );
}

export function CategoryCreate() {
  return (
    <Create title="Новая категория" redirect="list" transform={categoryBody}>
      <SimpleForm defaultValues={{ position: 0, is_active: true, parent: null }}>
        <CategoryFields />
      </SimpleForm>
    </Create>
  );
}

export function BrandList() {
  return (
    <List exporter={false} perPage={100} title="Бренды">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="Бренд" render={(b: Brand) => b.name} />
        <FunctionField label="Страна" render={(b: Brand) => b.origin || '—'} />
        <FunctionField label="Товаров" render={(b: Brand) => b.products} />
      </Datagrid>
    </List>
  );
}

function BrandFields() {
  return (
    <>
      <TextInput source="name" label="Название" fullWidth validate={required('Укажите название.')} />
      <FieldRow>
        <TextInput source="slug" label="Адрес" helperText="Латиница и дефисы; пусто — из названия" />
        <TextInput source="origin" label="Страна производителя" />
      </FieldRow>
      <TextInput source="description" label="Описание" multiline minRows={3} fullWidth />
      <TextInput source="logo" label="Логотип (адрес)" fullWidth parse={nullIfEmpty} />
    </>
  );
}

const brandBody = ({ name, slug, origin, description, logo }: Partial<Brand>) => ({
  name,
  slug,
  origin,
  description,
  logo,
});

function BrandAside() {
  const brand = useRecordContext<Brand>();
  return brand ? <ChangeHistory entity="brand" id={brand.id} link={paths.brand(DEFAULT_COUNTRY, brand.slug)} /> : null;
}

export function BrandEdit() {
  return (
    <Edit title="Бренд" mutationMode="pessimistic" transform={brandBody} aside={<BrandAside />}>
      <SimpleForm>
        <BrandFields />
      </SimpleForm>
    </Edit>
  );
}

export function BrandCreate() {
  return (
    <Create title="Новый бренд" redirect="list" transform={brandBody}>
      <SimpleForm>
        <BrandFields />
      </SimpleForm>
    </Create>
  );
}
