/** Products: the list (server-side search, sort and filters), one product's fields, and its price and stock per country. */
import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  useNotify,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { COUNTRIES, COUNTRY_CODES } from '../../shared/countries.ts';
import { paths } from '../../shared/paths.ts';
import { useCatalogChoices } from './catalog-choices.ts';
import { ChangeHistory } from './changes.tsx';
import { FieldRow } from './FieldRow.tsx';
import { countryName } from './choices.ts';
import { createStaffActions } from './data-provider.ts';
import { moment, money } from './format.ts';
import { ASIDE_BELOW_ON_PHONES, ByScreen } from './responsive.tsx';
import { SpecificationsInput } from './SpecificationsInput.tsx';
import { PhotosInput } from './PhotosInput.tsx';
import { ShopRichTextInput } from './RichText.tsx';
import { imageSources } from '../../shared/media.ts';
import { keyboardRows, keyboardRowsSx } from './keyboard-rows.tsx';
import { ProductBulkActions } from './ProductBulkActions.tsx';
import { useSavedNotice } from './resource-screens.tsx';
import type { ResourceNoun } from './resource-words.ts';

type StaffProduct = components['schemas']['StaffProductDetail'] & RaRecord;
type Offer = StaffProduct['offers'][number];

const PRODUCT: ResourceNoun = { one: 'товар', accusative: 'товар', gender: 'm' };
const productLabel = (product: StaffProduct) => product.name;

const actions = createStaffActions();

function useProductFilters() {
  const { categories, brands } = useCatalogChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder="Артикул или название" />,
    <AutocompleteInput key="category" source="category" label="Категория" choices={categories} />,
    <AutocompleteInput key="brand" source="brand" label="Бренд" choices={brands} />,
    <SelectInput
      key="active"
      source="is_active"
      label="На сайте"
      choices={[
        { id: 'true', name: 'Показан' },
        { id: 'false', name: 'Скрыт' },
      ]}
    />,
  ];
}

function OffersCell({ offers }: { offers: Offer[] }) {
  if (offers.length === 0) return <Typography variant="body2">не продаётся</Typography>;
  return (
    <Stack spacing={0.25}>
      {offers.map((offer) => (
        <Typography key={offer.country} variant="body2" noWrap>
          {offer.country.toUpperCase()}: {money(offer.price, COUNTRIES[offer.country].currency)} · {offer.quantity} шт.
        </Typography>
      ))}
    </Stack>
  );
}

export function ProductList() {
  const filters = useProductFilters();
  return (
    <List exporter={false} filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} title="Товары">
      <ByScreen
        phone={
          <SimpleList<StaffProduct>
            linkType="edit"
            leftAvatar={(r) => <ProductThumb url={r.image} />}
            primaryText={(r) => r.name}
            secondaryText={(r) => `${r.sku} · ${r.category.name}`}
            tertiaryText={(r) =>
              r.offers.map((o) => `${o.country.toUpperCase()}: ${o.quantity} шт.`).join(' ') || 'не продаётся'
            }
          />
        }
        wide={<ProductGrid />}
      />
    </List>
  );
}

/** The list's small photo: the stored photo's smallest size, or the placeholder. */
function ProductThumb({ url }: { url: string | null }) {
  const sources = imageSources(url ?? undefined, 40);
  return (
    <Box
      component="img"
      src={sources.src}
      srcSet={sources.srcset}
      sizes="40px"
      alt=""
      width={40}
      height={40}
      loading="lazy"
      sx={{ objectFit: 'contain', borderRadius: 1, bgcolor: 'grey.100', display: 'block' }}
    />
  );
}

/** The edit screen's title: the product's name and SKU, as a manager looks for it. */
function ProductTitle() {
  const product = useRecordContext<StaffProduct>();
  return <span>{product ? `${product.name} · ${product.sku}` : 'Товар'}</span>;
}

function ProductGrid() {
  return (
    <Datagrid
      rowClick="edit"
      bulkActionButtons={<ProductBulkActions />}
      body={keyboardRows((product) => `товар ${String(product.sku)}`)}
      sx={keyboardRowsSx}
    >
      <FunctionField label="Фото" render={(r: StaffProduct) => <ProductThumb url={r.image} />} />
      <TextField source="sku" label="Артикул" />
      <TextField source="name" label="Название" />
      <FunctionField label="Категория" render={(r: StaffProduct) => r.category.name} />
      <FunctionField label="Цена и остаток" render={(r: StaffProduct) => <OffersCell offers={r.offers} />} />
      <FunctionField
        label="На сайте"
        render={(r: StaffProduct) =>
          r.is_active ? <Chip size="small" color="success" label="Показан" /> : <Chip size="small" label="Скрыт" />
        }
      />
      <FunctionField source="updated_at" label="Изменён" render={(r: StaffProduct) => moment(r.updated_at)} />
    </Datagrid>
  );
}

interface ProductForm {
  sku?: string;
  name?: string;
  slug?: string;
  category?: { slug?: string } | string;
  brand?: { slug?: string } | string | null;
  family?: string | null;
  is_active?: boolean;
  description?: string;
  images?: string[];
  specifications?: Record<string, string[]>;
}

const slugOf = (value: ProductForm['category']) => (typeof value === 'string' ? value : value?.slug);

/** The form's values as a row of the products file (the same service imports use). */
export function toProductRow(data: ProductForm, withSku: boolean): Record<string, unknown> {
  const row: Record<string, unknown> = {
    name: data.name,
    category: slugOf(data.category),
    brand: slugOf(data.brand ?? undefined) || null,
    family: data.family || null,
    is_active: data.is_active ?? true,
    description: data.description ?? '',
    images: (data.images ?? []).filter((url) => typeof url === 'string' && url.trim() !== ''),
    specifications: Object.fromEntries(
      Object.entries(data.specifications ?? {}).filter(([, values]) => values.length > 0),
    ),
  };
  if (data.slug) row.slug = data.slug;
  if (withSku) row.sku = data.sku;
  return row;
}

function ProductFields({ create = false }: { create?: boolean }) {
  const { categories, brands } = useCatalogChoices();
  return (
    <>
      {create ? <TextInput source="sku" label="Артикул" validate={required('Укажите артикул.')} /> : null}
      <TextInput source="name" label="Название" fullWidth validate={required('Укажите название.')} />
      <FieldRow>
        <AutocompleteInput
          source="category.slug"
          label="Категория"
          choices={categories}
          validate={required('Выберите категорию.')}
          noOptionsText="Нет такой категории"
        />
        <AutocompleteInput
          source="brand.slug"
          label="Бренд"
          choices={brands}
          emptyText="без бренда"
          noOptionsText="Нет такого бренда"
        />
        <TextInput source="family" label="Семейство (варианты)" helperText="Общий код для оттенков и фасовок" />
      </FieldRow>
      {create ? null : (
        <TextInput source="slug" label="Адрес на сайте" helperText="Латиница и дефисы; пусто — из названия" />
      )}
      <BooleanInput source="is_active" label="Показан на сайте" defaultValue />
      <ShopRichTextInput source="description" label="Описание" fullWidth />
      <SpecificationsInput />
      <PhotosInput />
    </>
  );
}

function OfferRow({ sku, country, offer }: { sku: string; country: (typeof COUNTRY_CODES)[number]; offer?: Offer }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [price, setPrice] = useState(offer?.price ?? '');
  const [oldPrice, setOldPrice] = useState(offer?.old_price ?? '');
  const [quantity, setQuantity] = useState(String(offer?.quantity ?? 0));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const currency = COUNTRIES[country].currency;
  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const body = { country, price, old_price: oldPrice === '' ? null : oldPrice, quantity: Number(quantity) };
      await actions.saveOffer(sku, body, !offer);
      notify(`${countryName(country)}: цена и остаток сохранены, на сайте — сразу.`, { type: 'success' });
      refresh();
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, string> } }).body;
      setErrors(body?.errors ?? { root: error instanceof Error ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  }
  const fieldError = (name: string) => (errors[name] ? { error: true, helperText: errors[name] } : {});
  return (
    <Box component="form" onSubmit={(e) => void save(e)} noValidate sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {countryName(country)} ({currency}){offer ? '' : ' — пока не продаётся'}
      </Typography>
      <FieldRow min={140}>
        <MuiTextField
          size="small"
          label="Цена"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          {...fieldError('price')}
        />
        <MuiTextField
          size="small"
          label="Старая цена"
          value={oldPrice}
          onChange={(e) => setOldPrice(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          {...fieldError('old_price')}
        />
        <MuiTextField
          size="small"
          label="Остаток, шт."
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...fieldError('quantity')}
        />
        <Button type="submit" variant="outlined" disabled={saving}>
          {saving ? 'Сохраняем…' : offer ? 'Сохранить цену и остаток' : 'Начать продажу'}
        </Button>
      </FieldRow>
      {errors.root ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {errors.root}
        </Typography>
      ) : null}
    </Box>
  );
}

function ProductOffers() {
  const product = useRecordContext<StaffProduct>();
  if (!product) return null;
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Цены и остатки
          </Typography>
          {product.is_active ? (
            <Typography variant="body2">
              {COUNTRY_CODES.map((country) => (
                <a
                  key={country}
                  href={paths.product(country, product.slug)}
                  target="_blank"
                  rel="noreferrer"
                  style={{ marginLeft: 12 }}
                >
                  На сайте ({country.toUpperCase()})
                </a>
              ))}
            </Typography>
          ) : null}
        </Stack>
        {COUNTRY_CODES.map((country) => (
          <OfferRow
            key={`${country}-${product.updated_at}`}
            sku={product.sku}
            country={country}
            offer={product.offers.find((o) => o.country === country)}
          />
        ))}
      </CardContent>
    </Card>
  );
}

/** The product's own history: its fields, prices, stock and photos, by hand and by imports. */
function ProductHistory() {
  const product = useRecordContext<StaffProduct>();
  return product ? <ChangeHistory entity="product" id={product.sku} /> : null;
}

export function ProductEdit() {
  return (
    <Edit
      title={<ProductTitle />}
      mutationMode="pessimistic"
      mutationOptions={useSavedNotice(PRODUCT, productLabel)}
      transform={(data: ProductForm) => toProductRow(data, false)}
      aside={<ProductHistory />}
      sx={ASIDE_BELOW_ON_PHONES}
    >
      <SimpleForm>
        <ProductFields />
      </SimpleForm>
      <ProductOffers />
    </Edit>
  );
}

export function ProductCreate() {
  return (
    <Create
      title="Новый товар"
      transform={(data: ProductForm) => toProductRow(data, true)}
      mutationOptions={useSavedNotice(PRODUCT, productLabel, { what: 'created', then: 'edit' })}
    >
      <SimpleForm>
        <ProductFields create />
      </SimpleForm>
    </Create>
  );
}
