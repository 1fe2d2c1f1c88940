/**
 * Imports: upload a products, prices or stock file with a progress bar, watch the task run, read a dry
 * run's changes and the row errors before applying, download the error and change CSVs, undo; and the
 * history of every upload.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  Show,
  Title,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import type { components } from '../../lib/api/schema.gen.ts';
import { COUNTRY_CODES, type CountryCode } from '../../shared/countries.ts';
import { countryChoices, countryName } from './choices.ts';
import { createStaffActions } from './data-provider.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { FieldRow } from './FieldRow.tsx';
import { fileSize, moment } from './format.ts';
import { staffUpload } from './staff-upload.ts';

type Task = components['schemas']['ImportTask'] & RaRecord;
type Kind = Task['kind'];

const actions = createStaffActions();

export const IMPORT_KINDS: Record<Kind, { name: string; path: string; accept: string; hint: string }> = {
  stock: {
    name: 'Остатки (CSV)',
    path: 'products/products_availability_load_csv/',
    accept: '.csv,text/csv',
    hint: 'Файл из Excel: артикул и остаток, в любой кодировке; шаблон ниже.',
  },
  prices: {
    name: 'Цены (JSON)',
    path: 'products/upload_prices_json/',
    accept: '.json,application/json',
    hint: 'prices@1: артикул, страна, цена и старая цена.',
  },
  products: {
    name: 'Товары (JSON)',
    path: 'products/upload_products_json/',
    accept: '.json,application/json',
    hint: 'products@1: артикул, название, категория, бренд, описание, фото, характеристики.',
  },
};
const kindChoices = Object.entries(IMPORT_KINDS).map(([id, kind]) => ({ id, name: kind.name }));

const STATUS: Record<Task['status'], { label: string; color: 'default' | 'info' | 'success' | 'error' }> = {
  PENDING: { label: 'В очереди', color: 'default' },
  STARTED: { label: 'Начата', color: 'info' },
  PROGRESS: { label: 'Идёт', color: 'info' },
  SUCCESS: { label: 'Готово', color: 'success' },
  FAILURE: { label: 'Ошибка', color: 'error' },
};

function TaskStatus({ task }: { task: Task }) {
  const status = STATUS[task.status];
  const extra = task.undone_at ? ' · отменён' : task.dry_run && !task.applied_at && task.ready ? ' · проверка' : '';
  return <Chip size="small" color={status.color} label={`${status.label}${extra}`} />;
}

const filters = [
  <SelectInput key="kind" source="kind" label="Файл" choices={kindChoices} />,
  <SelectInput key="country" source="country" label="Страна" choices={countryChoices} />,
  <SelectInput
    key="status"
    source="status"
    label="Состояние"
    choices={Object.entries(STATUS).map(([id, s]) => ({ id, name: s.label }))}
  />,
];

function NoImports() {
  return (
    <Box sx={{ p: 4, textAlign: 'center', width: '100%' }}>
      <Typography variant="h6" component="p" gutterBottom>
        Загрузок ещё не было
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Загрузите файл товаров, цен или остатков: изменения можно сначала проверить.
      </Typography>
      <CreateButton variant="contained" label="Загрузить файл" icon={<UploadIcon />} />
    </Box>
  );
}

export function ImportList() {
  return (
    <List
      exporter={false}
      filters={filters}
      perPage={20}
      title="Загрузки"
      empty={<NoImports />}
      actions={
        <TopToolbar>
          <CreateButton label="Загрузить файл" icon={<UploadIcon />} />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <FunctionField label="Загружен" render={(t: Task) => moment(t.created_at)} />
        <FunctionField
          label="Файл"
          render={(t: Task) => `${IMPORT_KINDS[t.kind].name}${t.country ? `, ${countryName(t.country)}` : ''}`}
        />
        <FunctionField label="Имя файла" render={(t: Task) => t.file.name} />
        <FunctionField label="Состояние" render={(t: Task) => <TaskStatus task={t} />} />
        <FunctionField
          label="Строк / изменено / ошибок"
          render={(t: Task) => `${t.counts.rows} / ${t.counts.created + t.counts.updated} / ${t.counts.errors}`}
        />
        <FunctionField label="Кто" render={(t: Task) => t.created_by?.email ?? '—'} />
      </Datagrid>
    </List>
  );
}

function UploadForm() {
  const notify = useNotify();
  const redirect = useRedirect();
  const [kind, setKind] = useState<Kind>('stock');
  const [country, setCountry] = useState<CountryCode>(COUNTRY_CODES[0]);
  const [mode, setMode] = useState('merge');
  const [dryRun, setDryRun] = useState(true);
  const [rejectFailed, setRejectFailed] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) {
      setError('Выберите файл.');
      return;
    }
    setError('');
    const body = new FormData();
    body.set('file', file);
    body.set('dry_run', String(dryRun));
    body.set('error_policy', rejectFailed ? 'reject_failed_rows' : 'reject_everything');
    if (kind === 'stock') {
      body.set('country', country);
      body.set('mode', mode);
    }
    setProgress(0);
    try {
      const started = await staffUpload<{ task_id: string }>(IMPORT_KINDS[kind].path, body, {
        onProgress: setProgress,
      });
      notify('Файл загружен, задача запущена.', { type: 'info' });
      redirect('show', 'imports', started.task_id);
    } catch (failure) {
      setError(apiErrorMessage(failure));
      setProgress(null);
    }
  }

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ p: 2, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Загрузить файл
      </Typography>
      <Stack spacing={2}>
        <MuiTextField select label="Что в файле" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {kindChoices.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </MuiTextField>
        <Typography variant="body2" color="text.secondary">
          {IMPORT_KINDS[kind].hint}
        </Typography>
        {kind === 'stock' ? (
          <FieldRow min={200}>
            <MuiTextField
              select
              label="Страна"
              value={country}
              onChange={(e) => setCountry(e.target.value as CountryCode)}
            >
              {countryChoices.map((choice) => (
                <MenuItem key={choice.id} value={choice.id}>
                  {choice.name}
                </MenuItem>
              ))}
            </MuiTextField>
            <MuiTextField
              select
              label="Режим"
              value={mode}
              onChange={(e) => setMode(e.target.value)}
              sx={{ minWidth: 280 }}
            >
              <MenuItem value="merge">Только строки файла</MenuItem>
              <MenuItem value="replace">Заменить: остальным товарам страны — 0</MenuItem>
            </MuiTextField>
          </FieldRow>
        ) : null}
        <Box>
          <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
            {file ? 'Другой файл' : 'Выбрать файл'}
            <input
              hidden
              type="file"
              accept={IMPORT_KINDS[kind].accept}
              aria-label="Файл"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError('');
              }}
            />
          </Button>
          <Typography component="span" variant="body2" sx={{ ml: 2 }}>
            {file ? `${file.name}, ${fileSize(file.size)}` : 'Файл не выбран'}
          </Typography>
        </Box>
        <FormControlLabel
          control={<Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />}
          label="Сначала проверить: показать изменения, ничего не записывая"
        />
        <FormControlLabel
          control={<Checkbox checked={rejectFailed} onChange={(e) => setRejectFailed(e.target.checked)} />}
          label="Записать хорошие строки, даже если в других есть ошибки"
        />
        {progress !== null ? (
          <Box>
            <Typography variant="body2" id="upload-progress-label">
              Загрузка файла: {Math.round(progress * 100)}%
            </Typography>
            <LinearProgress variant="determinate" value={progress * 100} aria-labelledby="upload-progress-label" />
          </Box>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={progress !== null}>
            {dryRun ? 'Загрузить и проверить' : 'Загрузить'}
          </Button>
        </Box>
      </Stack>
      <Box sx={{ mt: 4 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Шаблон остатков
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {COUNTRY_CODES.map((code) => (
            <DownloadButton
              key={code}
              url={`/api/v1/staff/stock_template/?country=${code}`}
              filename={`stock-${code}.csv`}
            >
              {countryName(code)}
            </DownloadButton>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}

export function ImportCreate() {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Загрузить файл" />
      <UploadForm />
    </Card>
  );
}

const FIELD_NAMES: Record<string, string> = { price: 'цена', old_price: 'старая цена', quantity: 'остаток' };

function TaskDetail() {
  const record = useRecordContext<Task>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [live, setLive] = useState<Task | null>(null);
  const [busy, setBusy] = useState(false);
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
  async function act(what: 'apply' | 'undo') {
    if (!task) return;
    setBusy(true);
    try {
      await (what === 'apply' ? actions.applyImport(task.task_id) : actions.undoImport(task.task_id));
      notify(
        what === 'apply' ? 'Изменения записаны, на сайте — сразу.' : 'Загрузка отменена: прежние значения вернулись.',
        {
          type: 'success',
        },
      );
      setLive(null);
      refresh();
    } catch (failure) {
      notify(apiErrorMessage(failure), { type: 'error', multiLine: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {IMPORT_KINDS[task.kind].name}
          {task.country ? `, ${countryName(task.country)}` : ''}
        </Typography>
        <TaskStatus task={task} />
      </Stack>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {task.file.name}, {fileSize(task.file.size)} · загружен {moment(task.created_at)}
        {task.created_by ? `, ${task.created_by.email}` : ''}
        {task.dry_run ? ' · проверка без записи' : ''}
      </Typography>
      {!task.ready ? (
        <Box sx={{ my: 2 }} aria-live="polite">
          <Typography variant="body2" id="task-progress-label">
            {task.progress.stage || 'В очереди'}
            {percent !== null ? `: ${Math.round(percent)}%` : '…'}
          </Typography>
          <LinearProgress
            aria-labelledby="task-progress-label"
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? undefined}
          />
        </Box>
      ) : null}
      {task.status === 'FAILURE' ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {typeof task.result === 'string' ? task.result : 'Файл не загружен.'}
        </Alert>
      ) : null}
      {task.ready && task.status === 'SUCCESS' ? (
        <Alert severity={task.counts.errors > 0 ? 'warning' : 'success'} sx={{ my: 2 }} role="status">
          Строк: {task.counts.rows}; новых: {task.counts.created}; изменено: {task.counts.updated}; без изменений:{' '}
          {task.counts.unchanged}; ошибок: {task.counts.errors}.
          {task.dry_run && !task.applied_at ? ' Это проверка: ничего не записано.' : ''}
        </Alert>
      ) : null}
      {task.notes.map((note) => (
        <Alert key={note} severity="info" sx={{ mb: 1 }}>
          {note}
        </Alert>
      ))}
      <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap' }}>
        {task.apply_url ? (
          <Button variant="contained" disabled={busy} onClick={() => void act('apply')}>
            Записать изменения
          </Button>
        ) : null}
        {task.undo_url ? (
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => void act('undo')}>
            Отменить загрузку
          </Button>
        ) : null}
        {task.errors_url ? (
          <DownloadButton url={task.errors_url} filename={`errors-${task.task_id}.csv`}>
            Ошибки (CSV)
          </DownloadButton>
        ) : null}
        {task.changes_url ? (
          <DownloadButton url={task.changes_url} filename={`changes-${task.task_id}.csv`}>
            Изменения (CSV)
          </DownloadButton>
        ) : null}
      </Stack>
      {task.errors.length > 0 ? (
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent sx={{ overflowX: 'auto' }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Ошибки ({task.errors_total})
            </Typography>
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
                    <TableCell>{rowError.row}</TableCell>
                    <TableCell>{rowError.column ?? '—'}</TableCell>
                    <TableCell>{rowError.value ?? '—'}</TableCell>
                    <TableCell>{rowError.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      ) : null}
      {task.changes.length > 0 ? (
        <Card variant="outlined">
          <CardContent sx={{ overflowX: 'auto' }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Изменения ({task.changes_total})
            </Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Артикул</TableCell>
                  <TableCell>Страна</TableCell>
                  <TableCell>Поле</TableCell>
                  <TableCell>Было</TableCell>
                  <TableCell>Станет</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {task.changes.map((change, index) => (
                  <TableRow key={index}>
                    <TableCell>{change.sku}</TableCell>
                    <TableCell>{change.country?.toUpperCase() ?? '—'}</TableCell>
                    <TableCell>{FIELD_NAMES[change.field] ?? change.field}</TableCell>
                    <TableCell>{change.old ?? '—'}</TableCell>
                    <TableCell>{change.new ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      ) : null}
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
