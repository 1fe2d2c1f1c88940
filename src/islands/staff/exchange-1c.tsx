/**
 * The exchange with 1C: each session 1C ran (when, who, which files, what each did, where a failed one
 * stopped, the orders 1C took), one session in full, and where 1C's price types and warehouses go.
 */
import { useState } from 'react';
import { Alert, Box, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleList,
  useListContext,
  useNotify,
  useRecordContext,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { countryName } from './choices.ts';
import { moment } from './format.ts';
import { ByScreen } from './responsive.tsx';

type Session = components['schemas']['ExchangeSession'] & RaRecord;
type ExchangeFile = Session['files'][number];
type Mapping = components['schemas']['ExchangeMapping'] & RaRecord;

const number = new Intl.NumberFormat('ru-RU');

const KIND_WORDS: Record<string, string> = { catalog: 'Каталог', sale: 'Заказы' };
const kindWord = (s: Session) => KIND_WORDS[s.type] ?? s.type;

type ChipColor = 'default' | 'info' | 'success' | 'error' | 'warning';
const FILE_STATES: Record<string, { label: string; color: ChipColor }> = {
  SUCCESS: { label: 'Записано', color: 'success' },
  FAILURE: { label: 'Ошибка', color: 'error' },
  PENDING: { label: 'В очереди', color: 'info' },
  STARTED: { label: 'Идёт', color: 'info' },
  PROGRESS: { label: 'Идёт', color: 'info' },
};
const fileState = (f: ExchangeFile) => FILE_STATES[f.status] ?? { label: f.status, color: 'default' as const };

/** The session in a word: failed files first, then whether anything is still running. */
function sessionState(s: Session): { label: string; color: ChipColor } {
  if (s.totals.failed) return { label: `Ошибок: ${s.totals.failed}`, color: 'error' };
  if (s.files.some((f) => f.status !== 'SUCCESS' && f.status !== 'FAILURE')) return { label: 'Идёт', color: 'info' };
  if (s.type === 'sale') return { label: 'Заказы переданы', color: 'success' };
  return s.files.length ? { label: 'Готово', color: 'success' } : { label: 'Без файлов', color: 'default' };
}

const totalsLine = (s: Session) =>
  s.type === 'sale'
    ? `заказов взято: ${number.format(s.orders_taken.length)}`
    : `строк ${number.format(s.totals.rows)}, создано ${number.format(s.totals.created)}, изменено ${number.format(s.totals.updated)}, скрыто ${number.format(s.totals.hidden)}`;

const fileNames = (s: Session) => s.files.map((f) => f.filename).join(', ') || '—';

function StateChip({ state }: { state: { label: string; color: ChipColor } }) {
  return <Chip size="small" color={state.color} label={state.label} />;
}

function NoSessions() {
  return (
    <Box sx={{ p: 4, textAlign: 'center', width: '100%' }}>
      <Typography variant="h6" component="p" gutterBottom>
        1С ещё не обменивалась с сайтом
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Укажите в 1С («Обмен с сайтом») адрес /api/v1/exchange/1c/, логин и пароль сотрудника с правом на обмен с 1С:
        сеансы обмена появятся здесь.
      </Typography>
    </Box>
  );
}

export function ExchangeSessionList() {
  return (
    <List exporter={false} perPage={20} title="Обмен с 1С" empty={<NoSessions />} sort={undefined}>
      <ByScreen
        phone={
          <SimpleList<Session>
            linkType="show"
            primaryText={(s) => `${kindWord(s)} · ${moment(s.created_at)}`}
            secondaryText={(s) => totalsLine(s)}
            tertiaryText={(s) => sessionState(s).label}
          />
        }
        wide={
          <Datagrid rowClick="show" bulkActionButtons={false}>
            <FunctionField label="Начат" render={(s: Session) => moment(s.created_at)} />
            <FunctionField label="Обмен" render={(s: Session) => kindWord(s)} />
            <FunctionField label="Файлы" render={(s: Session) => fileNames(s)} />
            <FunctionField label="Итог" render={(s: Session) => <StateChip state={sessionState(s)} />} />
            <FunctionField label="Строки и заказы" render={(s: Session) => totalsLine(s)} />
            <FunctionField label="Учётная запись" render={(s: Session) => s.user_email ?? '—'} />
          </Datagrid>
        }
      />
    </List>
  );
}

const countsLine = (f: ExchangeFile) =>
  `строк ${number.format(f.counts.rows ?? 0)}, создано ${number.format(f.counts.created ?? 0)}, изменено ${number.format(f.counts.updated ?? 0)}, скрыто ${number.format(f.counts.hidden ?? 0)}`;

function FileCard({ file }: { file: ExchangeFile }) {
  return (
    <Card variant="outlined" component="li">
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {file.filename}
          </Typography>
          <StateChip state={fileState(file)} />
        </Stack>
        {file.status === 'SUCCESS' ? <Typography variant="body2">{countsLine(file)}</Typography> : null}
        {file.error ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            <Typography variant="body2" component="p">
              Файл {file.filename}
              {file.error.line ? `, строка ${file.error.line}` : ''}
              {file.error.element ? `, элемент «${file.error.element}»` : ''}
            </Typography>
            <Typography variant="body2" component="p">
              {file.error.reason}
            </Typography>
            <Typography variant="body2" component="p">
              В каталоге по этому файлу ничего не изменилось: исправьте данные в 1С и повторите обмен.
            </Typography>
          </Alert>
        ) : null}
        {file.notes.length ? (
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
            {file.notes.map((note, index) => (
              <Typography key={index} component="li" variant="body2">
                {note}
              </Typography>
            ))}
          </Box>
        ) : null}
        {file.finished_at ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Обработан {moment(file.finished_at)}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SessionDetail() {
  const session = useRecordContext<Session>();
  if (!session) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          {kindWord(session)}: обмен {moment(session.created_at)}
        </Typography>
        <StateChip state={sessionState(session)} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Учётная запись: {session.user_email ?? 'удалена'} · последний запрос 1С {moment(session.last_seen_at)}
      </Typography>
      <Typography variant="body1" sx={{ mt: 1 }}>
        Итого: {totalsLine(session)}
      </Typography>
      {session.type === 'sale' ? (
        <Card variant="outlined" sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h3" gutterBottom>
              Заказы, которые взяла 1С ({session.orders_taken.length})
            </Typography>
            {session.orders_taken.length ? (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {session.orders_taken.join(', ')}
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                1С не подтвердила получение заказов в этом сеансе.
              </Typography>
            )}
          </CardContent>
        </Card>
      ) : null}
      {session.files.length ? (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            Файлы ({session.files.length})
          </Typography>
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {session.files.map((file) => (
              <FileCard key={file.task_id} file={file} />
            ))}
          </Stack>
        </>
      ) : session.type === 'catalog' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          В этом сеансе 1С не просила загрузить ни одного файла.
        </Typography>
      ) : null}
    </Box>
  );
}

export function ExchangeSessionShow() {
  return (
    <Show title="Обмен с 1С">
      <SessionDetail />
    </Show>
  );
}

const MAPPING_KINDS: Record<string, string> = { price_type: 'Тип цен', warehouse: 'Склад' };

/** What a price type or warehouse goes to now, in words: staff's choice, else what applies without one. */
function targetWords(m: Mapping): string {
  if (m.target === 'ignore') return 'не учитывается';
  if (m.target) return countryName(m.target);
  if (m.kind === 'price_type')
    return m.by_currency ? `${countryName(m.by_currency)} (по валюте)` : 'не учитывается: валюта не распознана';
  return 'не сопоставлен: остаток по стране цены';
}

const AUTO = 'auto';

function TargetSelect({ mapping }: { mapping: Mapping }) {
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [value, setValue] = useState<string>(mapping.target ?? AUTO);
  const options = [
    {
      id: AUTO,
      name: mapping.kind === 'price_type' ? 'По валюте' : 'Не сопоставлен',
    },
    { id: 'kg', name: countryName('kg') },
    { id: 'kz', name: countryName('kz') },
    { id: 'ignore', name: 'Не учитывать' },
  ];
  const change = (next: string) => {
    setValue(next);
    void update(
      'exchange_mappings',
      { id: mapping.id, data: { target: next === AUTO ? null : next }, previousData: mapping },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(`${MAPPING_KINDS[mapping.kind]} «${mapping.name}»: сохранено`, { type: 'success' }),
        onError: () => {
          setValue(mapping.target ?? AUTO);
          notify('Не сохранилось: попробуйте ещё раз.', { type: 'error' });
        },
      },
    );
  };
  return (
    <TextField
      select
      size="small"
      label={`Куда: ${mapping.name}`}
      value={value}
      disabled={isPending}
      onChange={(event) => change(event.target.value)}
      onClick={(event) => event.stopPropagation()}
      sx={{ minWidth: 220 }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** On a phone: a card per price type or warehouse, its select in it (a list item would be a button, hiding it). */
function MappingCards() {
  const { data } = useListContext<Mapping>();
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {(data ?? []).map((m) => (
        <Card key={m.id} variant="outlined" component="li">
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {MAPPING_KINDS[m.kind]} «{m.name}»{m.currency ? ` (${m.currency})` : ''}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Сейчас: {targetWords(m)}
            </Typography>
            <TargetSelect mapping={m} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

const mappingFilters = [
  <SelectInput
    key="kind"
    source="kind"
    label="Что"
    choices={[
      { id: 'price_type', name: 'Типы цен' },
      { id: 'warehouse', name: 'Склады' },
    ]}
  />,
];

function NoMappings() {
  return (
    <Box sx={{ p: 4, textAlign: 'center', width: '100%' }}>
      <Typography variant="h6" component="p" gutterBottom>
        1С ещё не присылала типы цен и склады
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Они появятся здесь после первого обмена файлом offers.xml: тогда каждому можно будет указать страну.
      </Typography>
    </Box>
  );
}

export function ExchangeMappingList() {
  return (
    <List exporter={false} perPage={50} title="Цены и склады 1С" filters={mappingFilters} empty={<NoMappings />}>
      <Alert severity="info" sx={{ m: 1 }}>
        Тип цен без выбранной страны идёт в страну своей валюты (KGS — Кыргызстан, KZT — Казахстан). Если у предложения
        есть сопоставленные склады, остаток страны — сумма её складов; иначе — всё количество.
      </Alert>
      <ByScreen
        phone={<MappingCards />}
        wide={
          <Datagrid rowClick={false} bulkActionButtons={false}>
            <FunctionField label="Что" render={(m: Mapping) => MAPPING_KINDS[m.kind]} />
            <FunctionField label="Название в 1С" render={(m: Mapping) => m.name} />
            <FunctionField label="Валюта" render={(m: Mapping) => m.currency ?? '—'} />
            <FunctionField label="Сейчас" render={(m: Mapping) => targetWords(m)} />
            <FunctionField label="Страна" render={(m: Mapping) => <TargetSelect mapping={m} />} />
            <FunctionField label="Последний раз" render={(m: Mapping) => moment(m.seen_at)} />
          </Datagrid>
        }
      />
    </List>
  );
}
