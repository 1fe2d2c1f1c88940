/**
 * The journal of staff changes: every change in words (`GET /staff/journal/`), filtered by record,
 * person and dates (kept in the address), as a table on wide screens and a list of cards on phones;
 * and a record's own history beside its form.
 */
import type { ReactElement } from 'react';
import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  useGetList,
  useListContext,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { components } from '../../lib/api/schema.gen.ts';
import { COUNTRIES } from '../../shared/countries.ts';
import { RECORD_KIND_NAMES, recordKindName } from '../../shared/field-labels.ts';
import { moment } from './format.ts';
import { ByScreen, usePhone } from './responsive.tsx';

type Entry = components['schemas']['JournalEntry'] & RaRecord;
type Person = components['schemas']['JournalPersonChoice'] & RaRecord;

/** Where the back office opens each kind of record (react-admin's resource and view). */
const PLACES: Record<string, { resource: string; view: 'edit' | 'show' | 'list' }> = {
  product: { resource: 'products', view: 'edit' },
  import: { resource: 'imports', view: 'show' },
  user: { resource: 'users', view: 'edit' },
  publication: { resource: 'publications', view: 'edit' },
  vacancy: { resource: 'vacancies', view: 'edit' },
  exchange: { resource: 'exchanges', view: 'list' },
  request: { resource: 'requests', view: 'edit' },
  category: { resource: 'categories', view: 'edit' },
  brand: { resource: 'brands', view: 'edit' },
  course: { resource: 'courses', view: 'edit' },
  banner: { resource: 'banners', view: 'edit' },
  contact: { resource: 'contacts', view: 'edit' },
  course_category: { resource: 'course_categories', view: 'edit' },
  specification: { resource: 'specifications', view: 'edit' },
  document: { resource: 'documents', view: 'edit' },
  printing_price: { resource: 'printing_prices', view: 'edit' },
  clinic: { resource: 'clinics', view: 'edit' },
  price_list: { resource: 'price_lists', view: 'edit' },
  exchange_mapping: { resource: 'exchange_mappings', view: 'list' },
};

/** The back office's address of a record the journal names; null when it is gone. */
export function recordHref(entity: string, linkId: string | null): string | null {
  const place = Object.hasOwn(PLACES, entity) ? PLACES[entity] : undefined;
  if (!place || linkId === null) return null;
  if (place.view === 'list') return `#/${place.resource}`;
  const id = encodeURIComponent(linkId);
  return place.view === 'show' ? `#/${place.resource}/${id}/show` : `#/${place.resource}/${id}`;
}

/** The journal filtered to one record: «Вся история». */
export function journalHref(entity: string, id: string): string {
  return `#/changes?${new URLSearchParams({ filter: JSON.stringify({ entity, entity_id: id }) }).toString()}`;
}

const person = (entry: Entry) => (entry.user ? entry.user.name || entry.user.email : 'удалённая учётная запись');
/** Who made the change: the exchange with 1C writes under the account 1C signs in with. */
const who = (entry: Entry) =>
  entry.import?.kind === 'exchange' && entry.source !== 'undo' ? `Обмен с 1С (${person(entry)})` : person(entry);

/** Where an import opens: a staff upload on its own screen, a file of the exchange with 1C among the exchange's sessions. */
const importHref = (entry: Entry, taskId: string) =>
  entry.import?.kind === 'exchange' ? '#/exchange_sessions' : recordHref('import', taskId)!;
const isEdit = (entry: Entry) => entry.action === 'update';

/** The record an entry is about: its kind, and its name as a link while it exists. */
function RecordName({ entry }: { entry: Entry }) {
  const href =
    entry.entity === 'import' && entry.link_id
      ? importHref(entry, entry.link_id)
      : recordHref(entry.entity, entry.link_id);
  const name =
    entry.label ?? (entry.entity === 'import' ? (entry.import?.file_name ?? 'файл') : `№ ${entry.entity_id}`);
  return (
    <span>
      <Typography component="span" variant="body2" color="text.secondary">
        {recordKindName(entry.entity)}
        {': '}
      </Typography>
      {href ? (
        <Link href={href} underline="always">
          {name}
        </Link>
      ) : (
        name
      )}
      {entry.entity === 'product' ? (
        <Typography component="span" variant="body2" color="text.secondary">
          {' · арт. '}
          {entry.entity_id}
        </Typography>
      ) : null}
    </span>
  );
}

/** The import a product's change came with, as a link to it. */
function ImportLink({ entry }: { entry: Entry }) {
  if (!entry.import || entry.entity === 'import') return null;
  return (
    <Typography variant="body2" color="text.secondary">
      <Link href={importHref(entry, entry.import.task_id)} underline="always">
        {entry.import.title}
      </Link>
    </Typography>
  );
}

/** What an entry did: the changed fields one a line, or its one-line summary. */
function WhatWasDone({ entry }: { entry: Entry }) {
  if (!isEdit(entry) || entry.changes.length === 0)
    return (
      <Typography variant="body2">
        {entry.entity === 'import' && entry.link_id ? (
          <Link href={importHref(entry, entry.link_id)} underline="always">
            {entry.summary}
          </Link>
        ) : (
          entry.summary
        )}
      </Typography>
    );
  return (
    <Box>
      {entry.country ? (
        <Typography variant="body2" color="text.secondary">
          {COUNTRIES[entry.country].name}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {entry.changes.map((change, index) => (
          <Typography key={index} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {change.text}
          </Typography>
        ))}
      </Box>
      <ImportLink entry={entry} />
    </Box>
  );
}

function RecordIdInput({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const entity = useWatch({ name: 'entity' }) as string | undefined;
  const hint =
    entity === 'product'
      ? 'Артикул товара'
      : entity === 'user'
        ? 'Email или номер'
        : entity === 'import'
          ? 'Номер загрузки из её адреса'
          : 'Номер записи';
  return (
    <TextInput
      source={source}
      label={label}
      helperText={entity ? hint : 'Сначала выберите, что менялось'}
      disabled={!entity}
    />
  );
}

function usePeople() {
  const { data } = useGetList<Person>('journal_people', { pagination: { page: 1, perPage: 100 } });
  return (data ?? []).map((p) => ({ id: p.id, name: p.name ? `${p.name} (${p.email})` : p.email }));
}

/** What changed, who and when; on a phone only the first is always shown, the rest come from «Добавить фильтр». */
function useJournalFilters(): ReactElement[] {
  const people = usePeople();
  const wide = !usePhone();
  return [
    <SelectInput key="entity" source="entity" label="Что менялось" choices={[...RECORD_KIND_NAMES]} alwaysOn />,
    <RecordIdInput key="entity_id" source="entity_id" label="Запись" />,
    <SelectInput key="user" source="user" label="Кто" choices={people} alwaysOn={wide} />,
    <DateInput key="date_from" source="date_from" label="С даты" alwaysOn={wide} />,
    <DateInput key="date_to" source="date_to" label="По дату" alwaysOn={wide} />,
  ];
}

/** Phones: one card per entry, nothing wider than the screen. */
function JournalCards() {
  const { data, isPending } = useListContext<Entry>();
  if (isPending) return null;
  return (
    <Stack component="ol" spacing={0} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {(data ?? []).map((entry) => (
        <Box
          component="li"
          key={entry.id}
          sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
        >
          {entry.entity === 'import' ? null : <RecordName entry={entry} />}
          <WhatWasDone entry={entry} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {who(entry)} · {moment(entry.at)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function JournalGrid() {
  return (
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <FunctionField label="Когда" render={(e: Entry) => moment(e.at)} />
      <FunctionField
        label="Кто"
        render={(e: Entry) => (
          <span>
            {who(e)}
            {e.user?.name ? (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {e.user.email}
              </Typography>
            ) : null}
          </span>
        )}
      />
      <FunctionField
        label="Запись"
        render={(e: Entry) =>
          e.entity === 'import' ? (
            <Typography variant="body2">{recordKindName('import')}</Typography>
          ) : (
            <RecordName entry={e} />
          )
        }
      />
      <FunctionField label="Что сделано" render={(e: Entry) => <WhatWasDone entry={e} />} />
    </Datagrid>
  );
}

export function ChangeList() {
  const filters = useJournalFilters();
  return (
    <List
      exporter={false}
      filters={filters}
      perPage={25}
      title="Журнал изменений"
      sort={{ field: 'at', order: 'DESC' }}
    >
      <ByScreen phone={<JournalCards />} wide={<JournalGrid />} />
    </List>
  );
}

/** Beside a record's form: where it is on the site, and its last changes with who made them. */
export function ChangeHistory({ entity, id, link }: { entity: string; id: number | string; link?: string | null }) {
  const { data, total } = useGetList<Entry>('changes', {
    filter: { entity, entity_id: String(id) },
    pagination: { page: 1, perPage: 10 },
  });
  return (
    <Box
      component="aside"
      aria-label="История изменений"
      sx={{ width: { xs: '100%', md: 320 }, ml: { md: 2 }, mt: { xs: 2, md: 0 }, flexShrink: 0 }}
    >
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
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {(data ?? []).map((entry) => (
              <Box component="li" key={entry.id} sx={{ overflowWrap: 'anywhere' }}>
                <Typography variant="caption" color="text.secondary" component="p">
                  {moment(entry.at)} · {who(entry)}
                </Typography>
                <WhatWasDone entry={entry} />
              </Box>
            ))}
          </Stack>
          {data && data.length === 0 ? <Typography variant="body2">Изменений пока нет.</Typography> : null}
          {total !== undefined && data && total > data.length ? (
            <Typography variant="body2" sx={{ mt: 1.5 }}>
              <Link href={journalHref(entity, String(id))} underline="always">
                Вся история ({total})
              </Link>
            </Typography>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
