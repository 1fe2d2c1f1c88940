/**
 * One picture of a record (a publication's or a course's cover, a banner's image): uploaded like a
 * product photo (`POST /staff/media/`, checked, stripped and stored by the server, which answers its
 * `/media/` address and serves it in sizes), shown as it will look, removable; an address can still be
 * typed (a site path or an http(s) URL). Saved with the form.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useInput, type Validator } from 'react-admin';
import { ApiError, apiErrorMessage } from '../../lib/api/api-error.ts';
import type { components } from '../../lib/api/schema.gen.ts';
import { imageSources } from '../../shared/media.ts';
import { staffUpload } from './staff-upload.ts';

type StoredImage = components['schemas']['StoredImage'];

/** The server's reason for refusing a picture (its `file` field error), else what went wrong. */
export function pictureRefusal(failure: unknown): string {
  const reason = failure instanceof ApiError ? (failure.data as { file?: unknown } | null)?.file : undefined;
  return Array.isArray(reason) && typeof reason[0] === 'string' ? reason[0] : apiErrorMessage(failure);
}

export function uploadPicture(file: File): Promise<StoredImage> {
  const body = new FormData();
  body.set('file', file);
  return staffUpload<StoredImage>('staff/media/', body);
}

export function PictureInput(props: {
  source: string;
  label: string;
  /** An empty value is `null` (a cover) or `''` (a banner's image, which is required). */
  empty?: null | '';
  validate?: Validator | Validator[];
  /** What the picture is for, shown under the label: its shape and where it appears. */
  hint?: string;
}) {
  const empty = props.empty === undefined ? null : props.empty;
  const { field, fieldState, isRequired } = useInput<string | null>({
    source: props.source,
    validate: props.validate,
    defaultValue: empty,
  });
  const value = typeof field.value === 'string' ? field.value : '';
  // A typed address is taken when the field is left (not at each keystroke: the preview would fetch every
  // half-typed path); an upload or «Убрать» replaces it at once.
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [value]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const inputId = `picture-${props.source}`;

  async function upload(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setBusy(`Загружаем ${file.name}…`);
    setError('');
    try {
      field.onChange((await uploadPicture(file)).url);
    } catch (failure) {
      setError(`${file.name}: ${pictureRefusal(failure)}`);
    } finally {
      setBusy(null);
      if (picker.current) picker.current.value = '';
    }
  }

  const invalid = fieldState.invalid && (fieldState.isTouched || fieldState.isDirty);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" gutterBottom>
        {props.label}
        {isRequired ? ' *' : ''}
      </Typography>
      {props.hint ? (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {props.hint}
        </Typography>
      ) : null}
      {/* One box whatever it holds, so nothing below moves when a picture comes or goes. */}
      <Box
        sx={{
          width: '100%',
          maxWidth: 320,
          aspectRatio: '1200 / 630',
          borderRadius: 1,
          bgcolor: 'grey.100',
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
          mb: 1.5,
        }}
      >
        {value && !broken ? (
          <Box
            component="img"
            src={imageSources(value, 160).src}
            onError={() => setBroken(true)}
            alt={`${props.label}: как на сайте`}
            sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Typography
            variant="body2"
            color={broken ? 'warning.dark' : 'text.secondary'}
            sx={{ p: 2, textAlign: 'center' }}
          >
            {broken
              ? 'Картинка по этому адресу не открывается: загрузите файл или проверьте адрес.'
              : 'Картинки пока нет'}
          </Typography>
        )}
      </Box>
      {busy ? (
        <Box sx={{ mb: 1.5 }} role="status">
          <Typography variant="body2">{busy}</Typography>
          <LinearProgress />
        </Box>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="outlined"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          disabled={busy !== null}
          onClick={() => picker.current?.click()}
        >
          {value ? 'Заменить картинку' : 'Загрузить картинку'}
        </Button>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          aria-label={props.label}
          onChange={(event) => void upload(event.target.files)}
        />
        {/* Always there (disabled without a picture): nothing moves when a picture comes. */}
        <Button color="inherit" onClick={() => field.onChange(empty)} disabled={!value || busy !== null}>
          Убрать
        </Button>
        <TextField
          id={inputId}
          size="small"
          label="или адрес картинки"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => {
            const typed = draft.trim();
            if (typed !== value) field.onChange(typed === '' ? empty : typed);
            field.onBlur();
          }}
          error={invalid}
          helperText={invalid ? fieldState.error?.message : undefined}
          sx={{ minWidth: 280, flexGrow: 1 }}
        />
      </Stack>
    </Box>
  );
}
