/**
 * The product list's bulk actions: the selected products shown or hidden, or given a category or a
 * brand, in one request (`staff/products/bulk_update/`), each product's change journaled; the answer
 * says how many changed and names the SKUs the catalog no longer has.
 */
import { useState } from 'react';
import { Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import CategoryIcon from '@mui/icons-material/Category';
import LabelIcon from '@mui/icons-material/Label';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useListContext, useNotify, useRefresh, type RaRecord } from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { useCatalogChoices } from './catalog-choices.ts';
import type { Choice } from './choices.ts';
import { createStaffActions } from './data-provider.ts';

type Result = components['schemas']['ProductsBulkResult'];
type Changes = components['schemas']['ProductsBulkChange']['changes'];

const actions = createStaffActions();

/** «3 товара» */
export function productsCount(n: number): string {
  const rule = new Intl.PluralRules('ru').select(n);
  return `${n} ${rule === 'one' ? 'товар' : rule === 'few' ? 'товара' : 'товаров'}`;
}

/** What the answer says, in a manager's words. */
export function bulkResultText(result: Result): string {
  const parts = [`Изменено: ${productsCount(result.updated.length)}.`];
  if (result.unchanged.length) parts.push(`Уже были такими: ${productsCount(result.unchanged.length)}.`);
  if (result.not_found.length) parts.push(`Нет в каталоге: ${result.not_found.join(', ')}.`);
  return parts.join(' ');
}

type Asking = null | 'category' | 'brand';

export function ProductBulkActions() {
  const { selectedIds, data, onUnselectItems } = useListContext<RaRecord & { sku: string }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { categories, brands } = useCatalogChoices();
  const [asking, setAsking] = useState<Asking>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [saving, setSaving] = useState(false);

  const skus = (data ?? []).filter((p) => selectedIds.includes(p.id)).map((p) => p.sku);

  async function change(changes: Changes) {
    setSaving(true);
    try {
      const result = (await actions.bulkChangeProducts(skus, changes)) as unknown as Result;
      notify(bulkResultText(result), { type: 'success', messageArgs: { _: bulkResultText(result) } });
      onUnselectItems();
      refresh();
      setAsking(null);
      setChoice(null);
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : String(failure), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const options = asking === 'category' ? categories : asking === 'brand' ? [NO_BRAND, ...brands] : [];
  const title = asking === 'category' ? 'Категория' : 'Бренд';
  return (
    <>
      <Button
        size="small"
        startIcon={<VisibilityIcon />}
        disabled={saving}
        onClick={() => void change({ is_active: true })}
      >
        Показать
      </Button>
      <Button
        size="small"
        startIcon={<VisibilityOffIcon />}
        disabled={saving}
        onClick={() => void change({ is_active: false })}
      >
        Скрыть
      </Button>
      <Button size="small" startIcon={<CategoryIcon />} onClick={() => setAsking('category')}>
        Категория…
      </Button>
      <Button size="small" startIcon={<LabelIcon />} onClick={() => setAsking('brand')}>
        Бренд…
      </Button>
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        aria-labelledby="products-bulk-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="products-bulk-title">
          {title}: {productsCount(skus.length)}
        </DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <Autocomplete
              options={options}
              value={choice}
              onChange={(_, value) => setChoice(value)}
              getOptionLabel={(option) => option.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => <TextField {...params} label={title} />}
              noOptionsText="Ничего не нашлось"
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>Отмена</Button>
          <Button
            variant="contained"
            disabled={!choice || saving}
            onClick={() =>
              void change(
                asking === 'category'
                  ? { category: String(choice!.id) }
                  : { brand: choice!.id === '' ? null : String(choice!.id) },
              )
            }
          >
            {saving ? 'Сохраняем…' : 'Изменить'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const NO_BRAND: Choice = { id: '', name: 'Без бренда' };
