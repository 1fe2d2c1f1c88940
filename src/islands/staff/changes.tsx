/** The audit of staff changes: the whole journal, and a record's own history beside its form. */
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, SelectInput, useGetList, type RaRecord } from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { moment } from './format.ts';

type StaffChange = components['schemas']['StaffChange'] & RaRecord;

const ENTITY_NAMES: Record<string, string> = {
  publication: 'Публикация',
  vacancy: 'Вакансия',
  exchange: 'Курс валют',
  request: 'Заявка',
  category: 'Категория',
  brand: 'Бренд',
  course: 'Курс',
  banner: 'Баннер',
  contact: 'Контакт',
  course_category: 'Раздел курсов',
  specification: 'Характеристика',
  document: 'Документ',
  printing_price: 'Услуга печати',
};
const ACTION_NAMES: Record<string, string> = { create: 'создал(а)', update: 'изменил(а)', delete: 'удалил(а)' };

/** The service's field names in Russian, where staff would not recognise them. */
const FIELD_NAMES: Record<string, string> = {
  title: 'название',
  slug: 'адрес',
  lead: 'анонс',
  body: 'текст',
  cover: 'обложка',
  coverAlt: 'описание обложки',
  seoTitle: 'SEO-заголовок',
  seoDescription: 'SEO-описание',
  topics: 'темы',
  publishedAt: 'дата публикации',
  kind: 'раздел',
  isOpen: 'набор открыт',
  city: 'город',
  country: 'страна',
  employmentType: 'занятость',
  salaryFrom: 'зарплата от',
  salaryTo: 'зарплата до',
  salaryCurrency: 'валюта',
  duties: 'обязанности',
  requirements: 'требования',
  conditions: 'условия',
  validThrough: 'отклики до',
  status: 'состояние',
  notes: 'заметки',
  date: 'дата',
  kgs: 'сом',
  kzt: 'тенге',
  usd: 'доллар',
  rub: 'рубль',
  name: 'название',
  parentId: 'родительская категория',
  position: 'порядок',
  description: 'описание',
  image: 'картинка',
  isActive: 'показана',
  companions: 'с этим покупают',
  origin: 'страна',
  logo: 'логотип',
  isPublished: 'опубликован',
  seatsTotal: 'мест всего',
  seatsLeft: 'свободно мест',
  price: 'цена',
  currency: 'валюта',
  startDate: 'начало',
  endDate: 'конец',
  venue: 'место',
  address: 'адрес',
  lecturer: 'лектор',
  categoryId: 'раздел',
  dayStarts: 'занятия с',
  dayEnds: 'занятия до',
  schedule: 'расписание',
  subtitle: 'подзаголовок',
  link: 'ссылка',
  phones: 'телефоны',
  email: 'email',
  workingHours: 'часы работы',
  unit: 'единица',
  isFilter: 'в фильтрах',
  content: 'текст',
  documentType: 'вид',
  file: 'файл',
  service: 'услуга',
  material: 'материал',
  leadTime: 'срок',
  price_kg: 'цена (KG)',
  price_kz: 'цена (KZ)',
};

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (Array.isArray(value)) return value.join(', ') || '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

export function describeChanges(change: Pick<StaffChange, 'action' | 'changes'>): string {
  if (change.action !== 'update') return '';
  return Object.entries(change.changes)
    .map(([field, [before, after]]) => `${FIELD_NAMES[field] ?? field}: ${shown(before)} → ${shown(after)}`)
    .join('; ');
}

const filters = [
  <SelectInput
    key="entity"
    source="entity"
    label="Что"
    choices={Object.entries(ENTITY_NAMES).map(([id, name]) => ({ id, name }))}
  />,
];

export function ChangeList() {
  return (
    <List exporter={false} filters={filters} perPage={25} title="Журнал изменений">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField label="Когда" render={(c: StaffChange) => moment(c.at)} />
        <FunctionField label="Кто" render={(c: StaffChange) => c.user?.email ?? 'удалённая учётная запись'} />
        <FunctionField
          label="Что"
          render={(c: StaffChange) =>
            `${ACTION_NAMES[c.action] ?? c.action} ${(ENTITY_NAMES[c.entity] ?? c.entity).toLowerCase()} № ${c.entity_id}`
          }
        />
        <FunctionField label="Изменения" render={(c: StaffChange) => describeChanges(c)} />
      </Datagrid>
    </List>
  );
}

/** Beside a record's form: where it is on the site, and its last changes with who made them. */
export function ChangeHistory({ entity, id, link }: { entity: string; id: number | string; link?: string | null }) {
  const { data } = useGetList<StaffChange>('changes', {
    filter: { entity, entity_id: String(id) },
    pagination: { page: 1, perPage: 5 },
  });
  return (
    <Box sx={{ width: { xs: '100%', md: 300 }, ml: { md: 2 }, mt: { xs: 2, md: 0 }, flexShrink: 0 }}>
      <Card variant="outlined">
        <CardContent>
          {link ? (
            <Typography variant="body2" sx={{ mb: 1 }}>
              <Link href={link} target="_blank" rel="noreferrer">
                Открыть на сайте
              </Link>
            </Typography>
          ) : null}
          <Typography variant="subtitle1" component="h2" gutterBottom>
            История изменений
          </Typography>
          {(data ?? []).map((change) => (
            <Typography key={change.id} variant="body2" sx={{ mb: 1 }}>
              {moment(change.at)}, {change.user?.email ?? '—'}: {ACTION_NAMES[change.action]}
              {change.action === 'update' ? ` (${describeChanges(change)})` : ''}
            </Typography>
          ))}
          {data && data.length === 0 ? <Typography variant="body2">Изменений пока нет.</Typography> : null}
        </CardContent>
      </Card>
    </Box>
  );
}
