/** Categories (the tree, order, shown or hidden) and brands. */
import {
  AutocompleteArrayInput,
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
import { paths } from '../../shared/paths.ts';
import { DEFAULT_COUNTRY } from '../../shared/countries.ts';
import { FieldRow } from './FieldRow.tsx';
import { FlagChip } from './FlagChip.tsx';
import { ResourceTable, resourceScreens } from './resource-screens.tsx';
import { nullIfEmpty, only } from './resource-words.ts';
import { useAllRecords } from './use-all-records.ts';

type Category = components['schemas']['StaffCategory'] & RaRecord;
type Brand = components['schemas']['StaffBrand'] & RaRecord;

export function CategoryList() {
  return (
    <ResourceTable title="Категории">
      <FunctionField
        label="Категория"
        render={(c: Category) => <span style={{ paddingLeft: `${c.depth * 1.5}rem` }}>{c.name}</span>}
      />
      <FunctionField label="Адрес" render={(c: Category) => c.slug} />
      <FunctionField label="Порядок" render={(c: Category) => c.position} />
      <FunctionField label="Товаров" render={(c: Category) => c.products} />
      <FunctionField
        label="На сайте"
        render={(c: Category) => <FlagChip on={c.is_active} yes="Показана" no="Скрыта" />}
      />
    </ResourceTable>
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

const category = resourceScreens<Category>({
  noun: { one: 'категория', accusative: 'категорию', gender: 'f' },
  label: (c) => c.name,
  Fields: CategoryFields,
  body: only<Category>(['name', 'slug', 'parent', 'position', 'description', 'image', 'is_active', 'companions']),
  defaults: { position: 0, is_active: true, parent: null },
  history: { entity: 'category', link: (c) => (c.is_active ? paths.category(DEFAULT_COUNTRY, c.slug) : null) },
  deleteNote: 'Удалить можно только пустую категорию: без товаров и подкатегорий.',
});
export const CategoryEdit = category.Edit;
export const CategoryCreate = category.Create;

export function BrandList() {
  return (
    <ResourceTable title="Бренды">
      <FunctionField label="Бренд" render={(b: Brand) => b.name} />
      <FunctionField label="Страна" render={(b: Brand) => b.origin || '—'} />
      <FunctionField label="Товаров" render={(b: Brand) => b.products} />
    </ResourceTable>
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

const brand = resourceScreens<Brand>({
  noun: { one: 'бренд', accusative: 'бренд', gender: 'm' },
  label: (b) => b.name,
  Fields: BrandFields,
  body: only<Brand>(['name', 'slug', 'origin', 'description', 'logo']),
  history: { entity: 'brand', link: (b) => paths.brand(DEFAULT_COUNTRY, b.slug) },
  deleteNote: 'Товары бренда останутся в каталоге без бренда.',
});
export const BrandEdit = brand.Edit;
export const BrandCreate = brand.Create;
