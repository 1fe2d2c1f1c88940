/**
 * Imports: the history of every upload (checks told from writes), and one upload: its progress, what
 * it did or would do in words a manager uses, the row errors and the changes, the files to download,
 * writing a check (only what can succeed) and undoing a write (after asking).
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Confirm,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleList,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import type { components } from '../../lib/api/schema.gen.ts';
import { countryChoices, countryName } from './choices.ts';
import { createStaffActions } from './data-provider.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { fileSize, moment } from './format.ts';
import { IMPORT_KINDS } from './import-kinds.ts';
import { ByScreen, usePhone } from './responsive.tsx';

export { ImportCreate } from './import-upload.tsx';

type Task = components['schemas']['ImportTask'] & RaRecord;

const actions = createStaffActions();
const number = new Intl.NumberFormat('ru-RU');

const kindChoices = Object.entries(IMPORT_KINDS).map(([id, kind]) => ({ id, name: kind.name }));

type ChipColor = 'default' | 'info' | 'success' | 'error' | 'warning';

/** What happened to an upload, in a word: a check and a write read differently. */
function outcome(task: Task): { label: string; color: ChipColor } {
  if (!task.ready) return { label: task.status === 'PENDING' ? 'В очереди' : 'Идёт', color: 'info' };
  if (task.dry_run) {
    if (task.status === 'FAILURE') return { label: 'Файл не прочитан', color: 'error' };
    if (task.applied_at) return { label: 'Проверено, записано', color: 'success' };
    if (task.counts.errors > 0) return { label: 'Проверено: есть ошибки', color: 'warning' };
    return { label: 'Проверено', color: 'success' };
  }
  if (task.status === 'FAILURE') return { label: 'Не записано', color: 'error' };
  if (task.undone_at) return { label: 'Отменено', color: 'default' };
  return { label: task.counts.errors > 0 ? 'Записано частично' : 'Записано', color: 'success' };
}

function TaskStatus({ task }: { task: Task }) {
  const { label, color } = outcome(task);
  return <Chip size="small" color={color} label={label} />;
}

const what = (t: Task) =>
  `${t.dry_run ? 'Проверка' : 'Загрузка'}: ${IMPORT_KINDS[t.kind].name.toLowerCase()}${t.country ? `, ${countryName(t.country)}` : ''}`;

const filters = [
  <SelectInput key="kind" source="kind" label="Файл" choices={kindChoices} />,
  <SelectInput key="country" source="country" label="Страна" choices={countryChoices} />,
  <SelectInput
    key="dry_run"
    source="dry_run"
    label="Проверка или запись"
    choices={[
      { id: 'true', name: 'Только проверки' },
      { id: 'false', name: 'Только записи' },
    ]}
  />,
  <SelectInput
    key="status"
    source="status"
    label="Состояние"
    choices={[
      { id: 'SUCCESS', name: 'Готово' },
      { id: 'FAILURE', name: 'Не удалось' },
      { id: 'PROGRESS', name: 'Идёт' },
      { id: 'PENDING', name: 'В очереди' },
    ]}
  />,
];

function NoImports() {
  return (
    <Box sx={{ p: 4, textAlign: 'center', width: '100%' }}>
      <Typography variant="h6" component="p" gutterBottom>
        Загрузок ещё не было
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Загрузите файл товаров, цен или остатков из Excel: изменения можно сначала проверить.
      </Typography>
      <CreateButton variant="contained" label="Загрузить файл" icon={<UploadIcon />} />
    </Box>
  );
}

const rowsLine = (t: Task) =>
  `строк ${number.format(t.counts.rows)}, изменений ${number.format(t.changes_total)}, ошибок ${number.format(t.counts.errors)}`;

export function ImportList() {
  return (
    <List
      exporter={false}
      filters={filters}
      perPage={25}
      title="Загрузки"
      empty={<NoImports />}
      actions={
        <TopToolbar>
          <CreateButton label="Загрузить файл" icon={<UploadIcon />} />
        </TopToolbar>
      }
    >
      <ByScreen
        phone={
          <SimpleList<Task>
            linkType="show"
            primaryText={(t) => what(t)}
            secondaryText={(t) => `${t.file.name} · ${moment(t.created_at)}`}
            tertiaryText={(t) => outcome(t).label}
          />
        }
        wide={
          <Datagrid rowClick="show" bulkActionButtons={false}>
            <FunctionField label="Загружен" render={(t: Task) => moment(t.created_at)} />
            <FunctionField label="Что" render={(t: Task) => what(t)} />
            <FunctionField label="Файл" render={(t: Task) => t.file.name} />
            <FunctionField label="Итог" render={(t: Task) => <TaskStatus task={t} />} />
            <FunctionField label="Строки" render={(t: Task) => rowsLine(t)} />
            <FunctionField label="Кто" render={(t: Task) => t.created_by?.email ?? '—'} />
          </Datagrid>
        }
      />
    </List>
  );
}

const STAGES: Record<string, string> = {
  reading: 'Читаем файл',
  checking: 'Проверяем строки',
  writing: 'Записываем',
  done: 'Готово',
};

/** The name a download of this upload gets: «прайс ноябрь — ошибки.xlsx» (the server names it so too). */
const reportName = (task: Task, words: string, extension: string) =>
  `${task.file.name.replace(/\.[^.]*$/, '') || 'загрузка'} — ${words}.${extension}`;

function Outcome({ task }: { task: Task }) {
  const message =
    typeof task.result === 'string' ? task.result : ((task.result as { message?: string } | null)?.message ?? '');
  if (task.status === 'FAILURE') {
    return (
      <Alert severity="error" sx={{ my: 2 }} role="status">
        {message || 'Файл не загружен.'}
        {task.would && (task.would.created || task.would.updated)
          ? ` Верные строки дали бы: новых ${number.format(task.would.created)}, изменений ${number.format(task.would.updated)}.`
          : ''}
      </Alert>
    );
  }
  const severity = task.counts.errors > 0 ? 'warning' : task.dry_run && task.changes_total === 0 ? 'info' : 'success';
  return (
    <Alert severity={severity} sx={{ my: 2 }} role="status">
      {message}
      {task.dry_run && !task.applied_at ? ' Это проверка: в каталоге ничего не изменилось.' : ''}
      {task.dry_run && task.apply_refusal ? ` ${task.apply_refusal}` : ''}
    </Alert>
  );
}

function TaskActions({ task, onDone }: { task: Task; onDone: () => void }) {
  const notify = useNotify();
  const redirect = useRedirect();
  const [busy, setBusy] = useState(false);
  const [askUndo, setAskUndo] = useState(false);
  const goodRowsOnly =
    task.dry_run &&
    task.ready &&
    task.status === 'SUCCESS' &&
    !task.applied_at &&
    task.counts.errors > 0 &&
    task.changes_total > 0;

  async function apply(errorPolicy?: 'reject_failed_rows') {
    setBusy(true);
    try {
      const started = (await actions.applyImport(task.task_id, errorPolicy)) as { task_id: string };
      notify('Записываем изменения: ход записи — на этой странице.', { type: 'info' });
      redirect('show', 'imports', started.task_id);
    } catch (failure) {
      notify(apiErrorMessage(failure), { type: 'error', multiLine: true });
      onDone();
    } finally {
      setBusy(false);
    }
  }

  async function undo() {
    setAskUndo(false);
    setBusy(true);
    try {
      await actions.undoImport(task.task_id);
      notify('Загрузка отменена: прежние значения вернулись на сайт.', { type: 'success' });
      onDone();
    } catch (failure) {
      notify(apiErrorMessage(failure), { type: 'error', multiLine: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ my: 2, flexWrap: 'wrap' }}>
      {task.can_apply ? (
        <Button variant="contained" disabled={busy} onClick={() => void apply()}>
          Записать изменения ({number.format(task.changes_total)})
        </Button>
      ) : null}
      {goodRowsOnly && !task.can_apply ? (
        <Button variant="contained" disabled={busy} onClick={() => void apply('reject_failed_rows')}>
          Записать только верные строки
        </Button>
      ) : null}
      {task.dry_run && task.ready && !task.applied_at && task.counts.errors > 0 ? (
        <Button component={Link} to="/imports/create" variant="outlined" startIcon={<UploadIcon />}>
          Загрузить исправленный файл
        </Button>
      ) : null}
      {task.undo_url ? (
        <Button variant="outlined" color="warning" disabled={busy} onClick={() => setAskUndo(true)}>
          Отменить загрузку
        </Button>
      ) : null}
      {task.errors_url ? (
        <DownloadButton
          url={task.errors_url}
          filename={reportName(task, 'ошибки', task.file.format === 'xlsx' ? 'xlsx' : 'csv')}
        >
          Строки с ошибками
        </DownloadButton>
      ) : null}
      {task.changes_url ? (
        <DownloadButton url={task.changes_url} filename={reportName(task, 'изменения', 'csv')}>
          Все изменения
        </DownloadButton>
      ) : null}
      <Confirm
        isOpen={askUndo}
        title="Отменить загрузку?"
        content={`Вернутся значения, которые были до загрузки (${number.format(task.changes_total)} изменений), и сайт сразу покажет их. Если после загрузки эти данные уже меняли, отмена не пройдёт и покажет, какие.`}
        confirm="Отменить загрузку"
        cancel="Не отменять"
        onConfirm={() => void undo()}
        onClose={() => setAskUndo(false)}
      />
    </Stack>
  );
}

/** Where a row error is: the line, a JSON file's element, the column. */
const errorPlace = (e: Task['errors'][number]) =>
  `Строка ${e.row}${e.item ? ` (${e.item})` : ''}${e.column ? `, «${e.column}»` : ''}${e.value ? `: ${e.value}` : ''}`;

function ErrorsTable({ task }: { task: Task }) {
  const phone = usePhone();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Ошибки ({number.format(task.errors_total)}
          {task.errors_total > task.errors.length ? `, показаны первые ${task.errors.length}` : ''})
        </Typography>
        {phone ? (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {task.errors.map((rowError, index) => (
              <li key={index}>
                <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                  {errorPlace(rowError)}
                </Typography>
                <Typography variant="body2">{rowError.message}</Typography>
              </li>
            ))}
          </Stack>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Строка</TableCell>
                <TableCell>Столбец</TableCell>
                <TableCell>Значение</TableCell>
                <TableCell>Что не так</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {task.errors.map((rowError, index) => (
                <TableRow key={index}>
                  <TableCell>
                    {rowError.row}
                    {rowError.item ? ` (${rowError.item})` : ''}
                  </TableCell>
                  <TableCell>{rowError.column ?? '—'}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{rowError.value ?? '—'}</TableCell>
                  <TableCell>{rowError.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function ChangesTable({ task }: { task: Task }) {
  const phone = usePhone();
  return (
    <Card variant="outlined">
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {task.dry_run && !task.applied_at ? 'Что изменится' : 'Изменения'} ({number.format(task.changes_total)}
          {task.changes_total > task.changes.length ? `, показаны первые ${task.changes.length}` : ''})
        </Typography>
        {phone ? (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {task.changes.map((change, index) => (
              <li key={index}>
                <Typography variant="subtitle2">
                  {change.sku} · {change.name ?? 'новый товар'}
                </Typography>
                <Typography variant="body2">
                  {change.field_label}
                  {change.country ? ` (${countryName(change.country)})` : ''}: было {change.old_text}, стало{' '}
                  {change.new_text}
                </Typography>
              </li>
            ))}
          </Stack>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Артикул</TableCell>
                <TableCell>Наименование</TableCell>
                <TableCell>Страна</TableCell>
                <TableCell>Поле</TableCell>
                <TableCell>Было</TableCell>
                <TableCell>Стало</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {task.changes.map((change, index) => (
                <TableRow key={index}>
                  <TableCell>{change.sku}</TableCell>
                  <TableCell>{change.name ?? 'новый товар'}</TableCell>
                  <TableCell>{change.country ? countryName(change.country) : '—'}</TableCell>
                  <TableCell>{change.field_label}</TableCell>
                  <TableCell>{change.old_text}</TableCell>
                  <TableCell>{change.new_text}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function TaskDetail() {
  const record = useRecordContext<Task>();
  const refresh = useRefresh();
  const [live, setLive] = useState<Task | null>(null);
  const task = live && live.task_id === record?.task_id ? live : record;

  useEffect(() => {
    if (!record || record.ready) return undefined;
    let stopped = false;
    const poll = async () => {
      while (!stopped) {
        await new Promise((resolve) => setTimeout(resolve, 800));
        if (stopped) return;
        try {
          const next = (await actions.task(record.task_id)) as Task;
          setLive({ ...next, id: next.task_id });
          if (next.ready) {
            refresh();
            return;
          }
        } catch {
          // A failed poll is tried again at the next tick.
        }
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [record, refresh]);

  if (!task) return null;
  const percent = task.progress.percent;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {what(task)}
        </Typography>
        <TaskStatus task={task} />
      </Stack>
      <Typography variant="body2" color="text.secondary" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {task.file.name}, {fileSize(task.file.size)}
        {task.file.format === 'xlsx' ? `, Excel${task.file.sheet ? ` (лист «${task.file.sheet}»)` : ''}` : ''}
        {task.file.format === 'csv' && task.file.encoding ? `, CSV ${task.file.encoding}` : ''} · загружен{' '}
        {moment(task.created_at)}
        {task.created_by ? `, ${task.created_by.email}` : ''}
        {task.error_policy === 'reject_failed_rows' ? ' · верные строки записываются и при ошибках в других' : ''}
      </Typography>
      {!task.ready ? (
        <Box sx={{ my: 2 }} aria-live="polite">
          <Typography variant="body2" id="task-progress-label">
            {STAGES[task.progress.stage] ?? 'В очереди'}
            {percent !== null ? `: ${Math.round(percent)}%` : '…'}
          </Typography>
          <LinearProgress
            aria-labelledby="task-progress-label"
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? undefined}
          />
        </Box>
      ) : (
        <Outcome task={task} />
      )}
      {task.notes.map((note) => (
        <Alert key={note} severity="info" sx={{ mb: 1 }}>
          {note}
        </Alert>
      ))}
      {task.ready ? (
        <TaskActions
          task={task}
          onDone={() => {
            setLive(null);
            refresh();
          }}
        />
      ) : null}
      {task.errors.length > 0 ? <ErrorsTable task={task} /> : null}
      {task.changes.length > 0 ? <ChangesTable task={task} /> : null}
    </Box>
  );
}

export function ImportShow() {
  return (
    <Show title="Загрузка" actions={false}>
      <TaskDetail />
    </Show>
  );
}
