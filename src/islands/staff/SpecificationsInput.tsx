/**
 * A product's specifications as rows: which characteristic, and its values (several for a set:
 * «A2; A3»). The form keeps them as the products file does, `{slug: [values]}`, so a product saved
 * here and one imported go through the same checks (a number where the characteristic counts).
 */
import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useInput } from 'react-admin';
import { useAllRecords } from './use-all-records.ts';
import type { components } from '../../lib/api/schema.gen.ts';

type Specification = components['schemas']['StaffSpecification'] & { id: number };
type Specs = Record<string, string[]>;

const split = (text: string) =>
  text
    .split(';')
    .map((v) => v.trim())
    .filter(Boolean);

export function SpecificationsInput({ source = 'specifications' }: { source?: string }) {
  const { field, fieldState } = useInput({ source, defaultValue: {} });
  const data = useAllRecords<Specification>('specifications');
  const specs = (field.value ?? {}) as Specs;
  const rows = Object.entries(specs);
  const bySlug = new Map((data ?? []).map((s) => [s.slug, s]));
  const change = (next: [string, string[]][]) => field.onChange(Object.fromEntries(next));
  const unused = (data ?? []).filter((s) => !(s.slug in specs));
  // The server's errors arrive as `specifications.<slug>`, which the form keeps nested under this field.
  const errors = fieldState.error as
    (Record<string, { message?: string } | undefined> & { message?: string }) | undefined;
  const rowError = (slug: string) => errors?.[slug]?.message;

  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Характеристики
      </Typography>
      {rows.map(([slug, values], index) => {
        const spec = bySlug.get(slug);
        return (
          <Box
            key={slug}
            sx={{
              display: 'grid',
              gap: 1,
              mb: 1,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr auto', sm: '240px 1fr auto' },
            }}
          >
            <TextField
              select
              size="small"
              label="Характеристика"
              value={slug}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              onChange={(e) => change(rows.map(([s, v], i) => (i === index ? [e.target.value, v] : [s, v])))}
            >
              {[spec ?? { slug, name: slug }, ...unused].map((option) => (
                <MenuItem key={option.slug} value={option.slug}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={spec?.unit ? `Значения, ${spec.unit}` : 'Значения'}
              helperText={rowError(slug) ?? 'Несколько — через точку с запятой'}
              error={Boolean(rowError(slug))}
              defaultValue={values.join('; ')}
              onBlur={(e) => change(rows.map(([s, v], i) => (i === index ? [s, split(e.target.value)] : [s, v])))}
            />
            <IconButton
              aria-label={`Убрать «${spec?.name ?? slug}»`}
              onClick={() => change(rows.filter((_, i) => i !== index))}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        );
      })}
      {unused.length > 0 ? (
        <Button size="small" startIcon={<AddIcon />} onClick={() => change([...rows, [unused[0]!.slug, []]])}>
          Добавить характеристику
        </Button>
      ) : null}
      {fieldState.error?.message ? (
        <Typography role="alert" color="error" variant="body2">
          {fieldState.error.message}
        </Typography>
      ) : null}
    </Box>
  );
}
