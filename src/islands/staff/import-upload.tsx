/**
 * Uploading a products, prices or stock file (an Excel workbook, a CSV in any encoding Excel saves, or
 * the JSON formats) with a progress bar; and the templates: the catalog exported in the very format the
 * upload reads, per country, for all products or a category or a brand, to edit in Excel and upload back.
 */
import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  Checkbox,
  Divider,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { Title, useGetList, useNotify, useRedirect } from 'react-admin';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { COUNTRY_CODES, type CountryCode } from '../../shared/countries.ts';
import { useCatalogChoices } from './catalog-choices.ts';
import { countryChoices } from './choices.ts';
import type { Choice } from './choices.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { FieldRow } from './FieldRow.tsx';
import { fileSize } from './format.ts';
import { IMPORT_KINDS, type ImportKind } from './import-kinds.ts';
import { staffUpload } from './staff-upload.ts';

const kindChoices = Object.entries(IMPORT_KINDS).map(([id, kind]) => ({ id, name: kind.name }));

/** A select people can type into to find a category or a brand among hundreds. */
function SearchableChoice({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: Choice[];
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  return (
    <Autocomplete
      options={choices}
      value={choices.find((c) => c.id === value) ?? null}
      onChange={(_, choice) => onChange(choice?.id ?? null)}
      getOptionLabel={(choice) => choice.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="Ничего не найдено"
      renderInput={(params) => <MuiTextField {...params} label={label} placeholder="Все" />}
      sx={{ minWidth: 240, flex: 1 }}
    />
  );
}

function CountrySelect({
  value,
  onChange,
  fromFile,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Offer «из файла»: the file's own «страна» column says. */
  fromFile?: boolean;
}) {
  return (
    <MuiTextField select label="Страна" value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 220 }}>
      {countryChoices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
      {fromFile ? <MenuItem value="file">Из файла (столбец «Страна»)</MenuItem> : null}
    </MuiTextField>
  );
}

function UploadForm() {
  const notify = useNotify();
  const redirect = useRedirect();
  const [kind, setKind] = useState<ImportKind>('stock');
  const [country, setCountry] = useState<string>(COUNTRY_CODES[0]);
  const [mode, setMode] = useState('merge');
  const [dryRun, setDryRun] = useState(true);
  const [rejectFailed, setRejectFailed] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const stockCountry = country === 'file' ? COUNTRY_CODES[0] : country;

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
      body.set('country', stockCountry);
      body.set('mode', mode);
    } else if (kind === 'prices' && country !== 'file') body.set('country', country);
    setProgress(0);
    try {
      const started = await staffUpload<{ task_id: string }>(IMPORT_KINDS[kind].path, body, {
        onProgress: setProgress,
      });
      notify(dryRun ? 'Файл загружен: проверяем, ничего не записывая.' : 'Файл загружен: записываем изменения.', {
        type: 'info',
      });
      redirect('show', 'imports', started.task_id);
    } catch (failure) {
      setError(apiErrorMessage(failure));
      setProgress(null);
    }
  }

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Typography variant="h5" component="h1" gutterBottom>
        Загрузить файл
      </Typography>
      <Stack spacing={2}>
        <MuiTextField select label="Что в файле" value={kind} onChange={(e) => setKind(e.target.value as ImportKind)}>
          {kindChoices.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </MuiTextField>
        <Typography variant="body2" color="text.secondary">
          {IMPORT_KINDS[kind].hint}
        </Typography>
        {kind !== 'products' ? (
          <FieldRow min={200}>
            <CountrySelect
              value={kind === 'stock' ? stockCountry : country}
              onChange={setCountry}
              fromFile={kind === 'prices'}
            />
            {kind === 'stock' ? (
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
            ) : null}
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
          <Typography component="span" variant="body2" sx={{ ml: 2, overflowWrap: 'anywhere' }}>
            {file ? `${file.name}, ${fileSize(file.size)}` : 'Файл не выбран'}
          </Typography>
        </Box>
        <FormControlLabel
          control={<Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />}
          label="Сначала проверить: показать изменения, ничего не записывая"
        />
        <FormControlLabel
          control={<Checkbox checked={rejectFailed} onChange={(e) => setRejectFailed(e.target.checked)} />}
          label="Записать верные строки, даже если в других есть ошибки"
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
            {dryRun ? 'Загрузить и проверить' : 'Загрузить и записать'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The catalog as a template: what the upload reads, filled with what the shop has now. */
function ExportForm() {
  const { categories, brands } = useCatalogChoices();
  const [kind, setKind] = useState<ImportKind>('prices');
  const [country, setCountry] = useState<CountryCode>(COUNTRY_CODES[0]);
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const [category, setCategory] = useState<string | null>(null);
  const [brand, setBrand] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);
  // Prices: the country's public prices, or a clinic price list's fixed prices (in the list's country).
  const [priceList, setPriceList] = useState<number | ''>('');
  const { data: priceLists } = useGetList<{ id: number; name: string; country: CountryCode }>('price_lists', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const ofList = kind === 'prices' && priceList !== '';
  const query = new URLSearchParams({ format });
  if (ofList) query.set('price_list', String(priceList));
  else if (kind !== 'products') query.set('country', country);
  if (empty) query.set('empty', 'true');
  else {
    if (category) query.set('category', category);
    if (brand) query.set('brand', brand);
  }
  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        Шаблоны и выгрузка каталога
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Файл в том же виде, в каком его читает загрузка, с тем, что сейчас в каталоге. Измените в Excel нужные ячейки и
        загрузите файл обратно: запишутся только изменения.
      </Typography>
      <Stack spacing={2}>
        <FieldRow min={200}>
          <MuiTextField
            select
            label="Что выгрузить"
            value={kind}
            onChange={(e) => setKind(e.target.value as ImportKind)}
          >
            {kindChoices.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </MuiTextField>
          {kind !== 'products' && !ofList ? (
            <CountrySelect value={country} onChange={(v) => setCountry(v as CountryCode)} />
          ) : null}
          <MuiTextField
            select
            label="Формат"
            value={format}
            onChange={(e) => setFormat(e.target.value as 'xlsx' | 'csv')}
          >
            <MenuItem value="xlsx">Excel (.xlsx)</MenuItem>
            <MenuItem value="csv">CSV для Excel</MenuItem>
          </MuiTextField>
        </FieldRow>
        {kind === 'prices' && priceLists?.length ? (
          <MuiTextField
            select
            label="Чьи цены"
            value={priceList}
            onChange={(e) => setPriceList(e.target.value === '' ? '' : Number(e.target.value))}
            helperText={
              ofList
                ? 'Фиксированные цены прайс-листа клиник, со столбцом «Прайс-лист»: загрузка запишет их в прайс-лист'
                : 'Цены витрины в выбранной стране'
            }
          >
            <MenuItem value="">Цены витрины</MenuItem>
            {priceLists.map((list) => (
              <MenuItem key={list.id} value={list.id}>
                Прайс-лист «{list.name}» ({list.country.toUpperCase()})
              </MenuItem>
            ))}
          </MuiTextField>
        ) : null}
        {!empty ? (
          <FieldRow min={240}>
            <SearchableChoice label="Категория" choices={categories} value={category} onChange={setCategory} />
            <SearchableChoice label="Бренд" choices={brands} value={brand} onChange={setBrand} />
          </FieldRow>
        ) : null}
        <FormControlLabel
          control={<Checkbox checked={empty} onChange={(e) => setEmpty(e.target.checked)} />}
          label="Пустой шаблон: только заголовки столбцов"
        />
        <Box>
          <DownloadButton
            variant="contained"
            url={`/api/v1/staff/templates/${kind}/?${query.toString()}`}
            filename={`${IMPORT_KINDS[kind].file}.${format}`}
          >
            {empty ? 'Скачать шаблон' : 'Выгрузить'}
          </DownloadButton>
        </Box>
      </Stack>
    </Box>
  );
}

export function ImportCreate() {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Загрузить файл" />
      <Box sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 760 }}>
        <UploadForm />
        <Divider sx={{ my: 4 }} />
        <ExportForm />
      </Box>
    </Card>
  );
}
