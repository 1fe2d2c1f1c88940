/**
 * A product's photos in the back office: thumbnails in their order (the first is the one on cards), each
 * removable or moved first; «Загрузить фото» sends files to `POST /staff/media/` (checked and stored by
 * the server, which answers the photo's `/media/` address); an address can still be typed (a site path,
 * or an https URL the server fetches when the product is saved).
 */
import { useRef, useState } from 'react';
import { Alert, Box, Button, IconButton, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { imageSources } from '../../shared/media.ts';
import { pictureRefusal as photoRefusal, uploadPicture as uploadPhoto } from './PictureInput.tsx';

const MAX_PHOTOS = 20;

export function PhotosInput() {
  const { field } = useInput<string[]>({ source: 'images', defaultValue: [] });
  const images: string[] = Array.isArray(field.value) ? field.value : [];
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [address, setAddress] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const set = (next: string[]) => field.onChange(next);

  async function upload(files: FileList | null) {
    if (!files?.length) return;
    const chosen = [...files].slice(0, MAX_PHOTOS - images.length);
    const problems: string[] = [];
    let next = images;
    for (const [index, file] of chosen.entries()) {
      setBusy(`Загружаем ${file.name} (${index + 1} из ${chosen.length})…`);
      try {
        const stored = await uploadPhoto(file);
        if (!next.includes(stored.url)) next = [...next, stored.url];
        set(next);
      } catch (failure) {
        problems.push(`${file.name}: ${photoRefusal(failure)}`);
      }
    }
    setBusy(null);
    setErrors(problems);
    if (picker.current) picker.current.value = '';
  }

  function addAddress() {
    const value = address.trim();
    if (!value) return;
    if (!/^(https?:\/\/|\/)/.test(value)) {
      setErrors(['Адрес начинается с https:// или с / (путь на сайте).']);
      return;
    }
    setErrors([]);
    if (!images.includes(value)) set([...images, value]);
    setAddress('');
  }

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" gutterBottom>
        Фотографии
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Первая — на карточке товара. JPEG, PNG, WebP или HEIC до 20 МБ, от 200 пикселей по стороне: сайт сам сделает
        размеры для телефонов и компьютеров. Изменения сохраняются кнопкой «Сохранить».
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1.5, p: 0, listStyle: 'none' }}>
        {images.map((url, index) => (
          <Box
            component="li"
            key={url}
            sx={{
              width: 132,
              border: 1,
              borderColor: index === 0 ? 'primary.main' : 'divider',
              borderRadius: 1,
              p: 0.5,
            }}
          >
            <img
              src={imageSources(url, 120).src}
              alt={`Фото ${index + 1}`}
              width={120}
              height={120}
              style={{ display: 'block', objectFit: 'contain', background: '#f1f5f9' }}
            />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="caption">{index === 0 ? 'Главное' : `№ ${index + 1}`}</Typography>
              <span>
                {index > 0 ? (
                  <IconButton
                    title="Сделать главным"
                    size="small"
                    aria-label={`Сделать фото ${index + 1} главным`}
                    onClick={() => set([url, ...images.filter((other) => other !== url)])}
                  >
                    ★
                  </IconButton>
                ) : null}
                <IconButton
                  title="Убрать"
                  size="small"
                  aria-label={`Убрать фото ${index + 1}`}
                  onClick={() => set(images.filter((other) => other !== url))}
                >
                  ✕
                </IconButton>
              </span>
            </Box>
          </Box>
        ))}
      </Box>
      {busy ? (
        <Box sx={{ mb: 1.5 }} role="status">
          <Typography variant="body2">{busy}</Typography>
          <LinearProgress />
        </Box>
      ) : null}
      {errors.map((error) => (
        <Alert key={error} severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          variant="outlined"
          disabled={busy !== null || images.length >= MAX_PHOTOS}
          onClick={() => picker.current?.click()}
        >
          Загрузить фото
        </Button>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label="Фото товара"
          onChange={(event) => void upload(event.target.files)}
        />
        <TextField
          size="small"
          label="или адрес фото"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addAddress();
            }
          }}
          sx={{ minWidth: 280 }}
        />
        <Button onClick={addAddress} disabled={!address.trim()}>
          Добавить
        </Button>
      </Stack>
    </Box>
  );
}
