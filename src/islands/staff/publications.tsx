/** News, articles and site pages: list by kind and state, and one editor for creating and changing them. */
import { Chip, Link, Typography } from '@mui/material';
import {
  Datagrid,
  DateTimeInput,
  FunctionField,
  List,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  TextInput,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { moment } from './format.ts';
import { resourceScreens } from './resource-screens.tsx';
import { only } from './resource-words.ts';
import { useWatch } from 'react-hook-form';
import { PictureInput } from './PictureInput.tsx';
import { ShopRichTextInput } from './RichText.tsx';

type Publication = components['schemas']['StaffPublication'] & RaRecord;

export const publicationKindChoices = [
  { id: 'news', name: 'Новость' },
  { id: 'article', name: 'Статья' },
  { id: 'page', name: 'Страница сайта' },
];
const stateChoices = [
  { id: 'published', name: 'Опубликована' },
  { id: 'scheduled', name: 'Запланирована' },
  { id: 'draft', name: 'Черновик' },
];
const STATE_COLOR: Record<string, 'success' | 'info' | 'default'> = {
  published: 'success',
  scheduled: 'info',
  draft: 'default',
};
const label = (choices: { id: string; name: string }[], id: string) => choices.find((c) => c.id === id)?.name ?? id;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Часть заголовка" />,
  <SelectInput key="kind" source="kind" label="Раздел" choices={publicationKindChoices} />,
  <SelectInput key="state" source="state" label="Состояние" choices={stateChoices} />,
];

export function PublicationList() {
  return (
    <List exporter={false} filters={filters} perPage={25} title="Публикации">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="Заголовок" render={(r: Publication) => r.title} />
        <FunctionField label="Раздел" render={(r: Publication) => label(publicationKindChoices, r.kind)} />
        <FunctionField
          label="Состояние"
          render={(r: Publication) => (
            <Chip size="small" color={STATE_COLOR[r.state] ?? 'default'} label={label(stateChoices, r.state)} />
          )}
        />
        <FunctionField label="Дата публикации" render={(r: Publication) => moment(r.published_at)} />
        <FunctionField label="Изменена" render={(r: Publication) => moment(r.updated_at)} />
      </Datagrid>
    </List>
  );
}

/** Empty date input → `null` (a draft); otherwise the moment as ISO, in the staff member's own time zone. */
const parseMoment = (value: string | null) => (value ? new Date(value).toISOString() : null);

/** Topics as one comma-separated line in the form, a list in the API. */
const formatTopics = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');
const parseTopics = (value: string) =>
  value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

function PublicationFields({ create }: { create: boolean }) {
  return (
    <>
      {create ? (
        <SelectInput source="kind" label="Раздел" choices={publicationKindChoices} validate={required()} />
      ) : null}
      <TextInput source="title" label="Заголовок" fullWidth validate={required('Укажите заголовок.')} />
      <TextInput source="slug" label="Адрес" helperText="Латиница, цифры и дефисы; пусто — из заголовка" />
      <TextInput source="lead" label="Анонс" multiline minRows={2} fullWidth />
      <ShopRichTextInput source="body" label="Текст" fullWidth />
      <PictureInput
        source="cover"
        label="Обложка"
        hint="1200×630 пикселей: в списке, в начале публикации и в ссылке, которой поделились."
      />
      <TextInput source="cover_alt" label="Описание обложки" fullWidth />
      <TextInput source="topics" label="Темы (через запятую)" fullWidth format={formatTopics} parse={parseTopics} />
      <DateTimeInput
        source="published_at"
        label="Дата публикации"
        parse={parseMoment}
        helperText="Пусто — черновик; дата в будущем — публикация в этот момент"
      />
      <PublishNow create={create} />
      <TextInput source="seo_title" label="SEO: заголовок" fullWidth />
      <TextInput source="seo_description" label="SEO: описание" multiline fullWidth />
    </>
  );
}

const publicationBody = only<Publication>(
  ['title', 'slug', 'lead', 'body', 'cover', 'cover_alt', 'topics', 'published_at', 'seo_title', 'seo_description'],
  ['kind'],
);

/** A draft or a scheduled publication goes on the site now: dated this moment and saved in one press. */
function PublishNow({ create }: { create: boolean }) {
  const publishedAt = useWatch({ name: 'published_at' }) as string | null | undefined;
  if (publishedAt && new Date(publishedAt).getTime() <= Date.now()) return null;
  return (
    <SaveButton
      type="button"
      label="Опубликовать сейчас"
      variant="outlined"
      alwaysEnable
      icon={<></>}
      sx={{ mb: 2 }}
      transform={(values: Partial<Publication>) =>
        publicationBody({ ...values, published_at: new Date().toISOString() }, create)
      }
    />
  );
}

function PublicationLink() {
  const publication = useRecordContext<Publication>();
  if (!publication?.url) return null;
  return (
    <Typography variant="body2" sx={{ px: 2, pt: 2 }}>
      На сайте:{' '}
      <Link href={publication.url} target="_blank" rel="noreferrer">
        {publication.url}
      </Link>
    </Typography>
  );
}

const publication = resourceScreens<Publication>({
  noun: { one: 'публикация', accusative: 'публикацию', gender: 'f' },
  label: (p) => p.title,
  Fields: PublicationFields,
  body: publicationBody,
  defaults: { kind: 'news', topics: [], published_at: null },
  afterCreate: 'edit',
  header: <PublicationLink />,
  history: { entity: 'publication' },
  deleteNote: 'Чтобы только убрать её с сайта, сделайте её черновиком: очистите дату публикации.',
});
export const PublicationEdit = publication.Edit;
export const PublicationCreate = publication.Create;
