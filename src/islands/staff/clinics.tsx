/**
 * Clinics and price lists (issue 37): the clinics' list (search by name or ИНН/БИН, country, «проверена»)
 * and a clinic's screen (requisites, members, the shop's orders of it, its price list and the «Проверена»
 * mark); the price lists (discounts in percent overall, per brand, per category; fixed prices by SKU;
 * the clinics using each).
 */
import {
  Box,
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanInput,
  Datagrid,
  FormDataConsumer,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  SimpleFormIterator,
  SimpleList,
  TextInput,
  required,
  useGetList,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { COUNTRIES, type CountryCode } from '../../shared/countries.ts';
import { TAX_NUMBER } from '../../shared/order-methods.ts';
import { useCatalogChoices } from './catalog-choices.ts';
import { countryChoices, countryName } from './choices.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { FieldRow } from './FieldRow.tsx';
import { FlagChip } from './FlagChip.tsx';
import { formatPhone, money, moment } from './format.ts';
import { resourceScreens } from './resource-screens.tsx';
import { ByScreen } from './responsive.tsx';

type Clinic = components['schemas']['StaffClinic'] & RaRecord;
type PriceList = components['schemas']['StaffPriceList'] & RaRecord;
type Rule = components['schemas']['PriceListRule'];

const currencyOf = (country: string) => COUNTRIES[country as CountryCode]?.currency ?? '';

const verifiedChoices = [
  { id: 'true', name: 'Проверены' },
  { id: 'false', name: 'Не проверены' },
];

const clinicFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Название или ИНН/БИН" sx={{ minWidth: { sm: 280 } }} />,
  <SelectInput key="country" source="country" label="Страна" choices={countryChoices} />,
  <SelectInput key="verified" source="verified" label="Проверка" choices={verifiedChoices} />,
];

const priceListName = (c: Clinic) => c.price_list?.name ?? 'Публичные цены';

export function ClinicList() {
  return (
    <List exporter={false} filters={clinicFilters} perPage={25} title="Клиники">
      <ByScreen
        phone={
          <SimpleList<Clinic>
            linkType="edit"
            primaryText={(c) => c.name}
            secondaryText={(c) => `${countryName(c.country)} · ${c.tax_number} · ${priceListName(c)}`}
            tertiaryText={(c) => (c.verified ? 'Проверена' : 'Не проверена')}
          />
        }
        wide={
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <FunctionField label="Клиника" render={(c: Clinic) => c.name} />
            <FunctionField label="ИНН/БИН" render={(c: Clinic) => c.tax_number} />
            <FunctionField label="Страна" render={(c: Clinic) => countryName(c.country)} />
            <FunctionField
              label="Проверка"
              render={(c: Clinic) => <FlagChip on={c.verified} yes="Проверена" no="Не проверена" />}
            />
            <FunctionField label="Прайс-лист" render={priceListName} />
            <FunctionField
              label="Участники"
              render={(c: Clinic) => (c.owners_count ? c.members_count : `${c.members_count}, без владельца`)}
            />
            <FunctionField label="Заказы" render={(c: Clinic) => c.orders_count} />
            <FunctionField label="Создана" render={(c: Clinic) => moment(c.created_at)} />
          </Datagrid>
        }
      />
    </List>
  );
}

/** The clinic's requisites as its members entered them: staff check the ИНН/БИН against them. */
function Requisites() {
  const clinic = useRecordContext<Clinic>();
  if (!clinic) return null;
  const rows: [string, string][] = [
    ['Страна', countryName(clinic.country)],
    [TAX_NUMBER[clinic.country].name, clinic.tax_number],
    ['Юридический адрес', clinic.legal_address || '—'],
    ['Телефон', clinic.phone ? formatPhone(clinic.phone) : '—'],
    ['Адреса доставки', clinic.delivery_addresses.map((a) => `${a.city}, ${a.address}`).join('; ') || '—'],
    [
      'Лимит заказа без согласования',
      clinic.order_limit ? money(clinic.order_limit, currencyOf(clinic.country)) : 'нет',
    ],
  ];
  return (
    <Card variant="outlined" sx={{ mb: 2, width: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h1">
            {clinic.name}
          </Typography>
          <FlagChip on={clinic.verified} yes="Проверена" no="Не проверена" />
        </Stack>
        <Table size="small" aria-label="Реквизиты">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '40%' }}>
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function Members() {
  const clinic = useRecordContext<Clinic>();
  const members = clinic?.members ?? [];
  return (
    <section aria-labelledby="clinic-members" style={{ width: '100%' }}>
      <Typography id="clinic-members" variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        Участники
      </Typography>
      {clinic && !clinic.owners_count ? (
        <Typography variant="body2" color="error">
          У клиники нет владельца: пригласить его может только участник-владелец, согласовать заказы некому.
        </Typography>
      ) : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Кто</TableCell>
              <TableCell>Роль</TableCell>
              <TableCell>С нами с</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {members.map((m) => (
              <TableRow key={m.user}>
                <TableCell>
                  {`${m.first_name} ${m.last_name}`.trim() || '—'}
                  <br />
                  <Link href={`#/users/${encodeURIComponent(m.email)}`} underline="always">
                    {m.email}
                  </Link>
                  {m.phone ? ` · ${formatPhone(m.phone)}` : ''}
                </TableCell>
                <TableCell>{m.role_label}</TableCell>
                <TableCell>{moment(m.joined_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </section>
  );
}

function Orders() {
  const clinic = useRecordContext<Clinic>();
  const orders = clinic?.orders ?? [];
  return (
    <section aria-labelledby="clinic-orders" style={{ width: '100%' }}>
      <Typography id="clinic-orders" variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        Заказы
        {clinic && clinic.orders_count > orders.length ? ` (последние ${orders.length} из ${clinic.orders_count})` : ''}
      </Typography>
      {orders.length ? (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Номер</TableCell>
                <TableCell>Статус</TableCell>
                <TableCell>Сумма</TableCell>
                <TableCell>Оформил(а)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((o) => (
                <TableRow key={o.number}>
                  <TableCell>
                    <Link href={`#/orders/${encodeURIComponent(o.number)}/show`} underline="always">
                      {o.number}
                    </Link>
                    <br />
                    {moment(o.created_at)}
                  </TableCell>
                  <TableCell>{o.status_label}</TableCell>
                  <TableCell>{money(o.total, o.currency)}</TableCell>
                  <TableCell>{o.placed_by}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Заказов пока нет (заказы на согласовании у владельца клиники сюда не попадают).
        </Typography>
      )}
    </section>
  );
}

/** The price lists of the clinic's own country: another country's would be in another currency. */
function PriceListInput() {
  const clinic = useRecordContext<Clinic>();
  const { data } = useGetList<PriceList>('price_lists', {
    filter: { country: clinic?.country },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const choices = (data ?? []).map((p) => ({ id: p.id, name: p.name }));
  return (
    <SelectInput
      source="price_list"
      label="Прайс-лист"
      choices={choices}
      emptyText="Без прайс-листа (публичные цены)"
      format={(value: unknown) =>
        value && typeof value === 'object' ? (value as { id: number }).id : ((value as number | null) ?? '')
      }
      parse={(value: unknown) => (value === '' || value === null ? null : Number(value))}
      helperText={`Только прайс-листы страны ${clinic ? countryName(clinic.country) : ''}: цены в её валюте`}
      isLoading={!data}
    />
  );
}

/** Staff appoint a member an owner: a clinic whose owner left, or that asked the shop to hand it over. */
function OwnerInput() {
  const clinic = useRecordContext<Clinic>();
  const candidates = (clinic?.members ?? []).filter((m) => m.role !== 'owner');
  if (!candidates.length) return null;
  return (
    <SelectInput
      source="owner"
      label="Назначить владельцем"
      choices={candidates.map((m) => ({
        id: m.user,
        name: `${`${m.first_name} ${m.last_name}`.trim() || m.email} · ${m.email} (${m.role_label.toLowerCase()})`,
      }))}
      emptyText="Никого"
      helperText="Участник станет владельцем: приглашает и убирает людей, меняет роли, согласует заказы"
    />
  );
}

function ClinicFields() {
  return (
    <>
      <Requisites />
      <FieldRow>
        <PriceListInput />
        <BooleanInput
          source="verified"
          label="Проверена"
          helperText="ИНН/БИН и название сверены с государственным реестром"
        />
      </FieldRow>
      <Members />
      <OwnerInput />
      <Orders />
    </>
  );
}

const priceListId = (value: unknown): number | null =>
  value && typeof value === 'object' ? (value as { id: number }).id : ((value as number | null) ?? null);

export const ClinicEdit = resourceScreens<Clinic>({
  noun: { one: 'клиника', accusative: 'клинику', gender: 'f' },
  label: (c) => c.name,
  Fields: ClinicFields,
  body: (values) => {
    // «Назначить владельцем» left at «Никого» is '' (or absent): no owner is sent.
    const { owner } = values as { owner?: number | '' };
    return { verified: values.verified, price_list: priceListId(values.price_list), ...(owner ? { owner } : {}) };
  },
  history: { entity: 'clinic' },
  deletable: false,
}).Edit;

const priceListFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Название или комментарий" />,
  <SelectInput key="country" source="country" label="Страна" choices={countryChoices} />,
];

const SCOPE_WORDS: Record<string, string> = { all: 'Все товары', brand: 'Бренд', category: 'Категория' };

export function ruleText(rule: Rule): string {
  const target = rule.brand?.name ?? rule.category?.name;
  return `${target ? `${SCOPE_WORDS[rule.scope]} «${target}»` : SCOPE_WORDS[rule.scope]}: −${Number(rule.percent).toLocaleString('ru-RU')} %`;
}

const rulesText = (p: PriceList) => p.rules.map(ruleText).join('; ') || 'нет';

export function PriceListList() {
  return (
    <List exporter={false} filters={priceListFilters} perPage={25} title="Прайс-листы">
      <ByScreen
        phone={
          <SimpleList<PriceList>
            linkType="edit"
            primaryText={(p) => p.name}
            secondaryText={(p) => `${countryName(p.country)} · скидки: ${rulesText(p)}`}
            tertiaryText={(p) => `цен: ${p.prices_count}, клиник: ${p.clinics.length}`}
          />
        }
        wide={
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <FunctionField label="Название" render={(p: PriceList) => p.name} />
            <FunctionField label="Страна" render={(p: PriceList) => countryName(p.country)} />
            <FunctionField label="Скидки" render={rulesText} />
            <FunctionField label="Фиксированные цены" render={(p: PriceList) => p.prices_count} />
            <FunctionField label="Клиники" render={(p: PriceList) => p.clinics.map((c) => c.name).join(', ') || '—'} />
          </Datagrid>
        }
      />
    </List>
  );
}

const scopeChoices = [
  { id: 'all', name: 'Все товары' },
  { id: 'brand', name: 'Бренд' },
  { id: 'category', name: 'Категория' },
];

/** A rule's brand or category as the form keeps it: the slug (the API answers `{slug, name}`). */
const slugOf = (value: unknown): string | null =>
  value && typeof value === 'object' ? (value as { slug: string }).slug : (value as string | null) || null;

function RuleInputs() {
  const { brands, categories } = useCatalogChoices();
  return (
    <ArrayInput source="rules" label="Скидки от публичной цены">
      <SimpleFormIterator inline disableReordering>
        <SelectInput source="scope" label="На что" choices={scopeChoices} validate={required()} helperText={false} />
        <FormDataConsumer>
          {({ scopedFormData }) =>
            scopedFormData?.scope === 'brand' ? (
              <SelectInput
                source="brand"
                label="Бренд"
                choices={brands}
                format={slugOf}
                validate={required('Выберите бренд.')}
                helperText={false}
              />
            ) : scopedFormData?.scope === 'category' ? (
              <SelectInput
                source="category"
                label="Категория"
                choices={categories}
                format={slugOf}
                validate={required('Выберите категорию.')}
                helperText={false}
              />
            ) : null
          }
        </FormDataConsumer>
        <TextInput source="percent" label="Скидка, %" validate={required()} helperText={false} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function FixedPrices() {
  const list = useRecordContext<PriceList>();
  const prices = list?.prices ?? [];
  if (!list) return null;
  const currency = currencyOf(list.country);
  return (
    <section aria-labelledby="fixed-prices" style={{ width: '100%' }}>
      <Typography id="fixed-prices" variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        Фиксированные цены ({prices.length})
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Фиксированная цена важнее любой скидки. Много цен меняйте файлом: выгрузите их, поправьте в Excel и загрузите
        обратно в «Загрузках» как цены (столбец «Прайс-лист» говорит, чьи они). Пустой шаблон — для новых цен.
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
        <DownloadButton
          variant="outlined"
          url={`/api/v1/staff/templates/prices/?price_list=${list.id}&format=xlsx`}
          filename={`цены-${list.name}.xlsx`}
        >
          Выгрузить в Excel
        </DownloadButton>
        <DownloadButton
          url={`/api/v1/staff/templates/prices/?price_list=${list.id}&format=xlsx&empty=true`}
          filename={`шаблон-цены-${list.name}.xlsx`}
        >
          Пустой шаблон
        </DownloadButton>
      </Stack>
      {prices.length ? (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Товар</TableCell>
                <TableCell>Публичная</TableCell>
                <TableCell>По договору</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {prices.map((p) => (
                <TableRow key={p.sku}>
                  <TableCell>
                    <Link href={`#/products/${encodeURIComponent(p.sku)}`} underline="always">
                      {p.sku}
                    </Link>
                    <br />
                    {p.name}
                  </TableCell>
                  <TableCell>{p.public_price ? money(p.public_price, currency) : 'не продаётся'}</TableCell>
                  <TableCell>{money(p.price, currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
    </section>
  );
}

function ListClinics() {
  const list = useRecordContext<PriceList>();
  if (!list) return null;
  return (
    <section aria-labelledby="list-clinics" style={{ width: '100%' }}>
      <Typography id="list-clinics" variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        Клиники с этим прайс-листом
      </Typography>
      {list.clinics.length ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {list.clinics.map((c) => (
            <Chip
              key={c.id}
              component="a"
              href={`#/clinics/${c.id}`}
              clickable
              // A long name wraps inside the chip rather than widening the form past a phone's screen.
              sx={{ maxWidth: '100%', height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }}
              label={`${c.name} · ${c.tax_number}${c.verified ? '' : ' (не проверена)'}`}
            />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Пока ни одной: прайс-лист назначают на странице клиники.
        </Typography>
      )}
    </section>
  );
}

function PriceListFields({ create }: { create: boolean }) {
  const list = useRecordContext<PriceList>();
  const skus = (list?.prices ?? []).map((p) => ({ id: p.sku, name: `${p.sku} — ${p.name}` }));
  return (
    <>
      <FieldRow>
        <TextInput source="name" label="Название" validate={required('Укажите название.')} />
        <SelectInput
          source="country"
          label="Страна"
          choices={countryChoices}
          validate={required()}
          helperText="Цены прайс-листа — в валюте страны"
        />
      </FieldRow>
      <TextInput source="comment" label="Комментарий" fullWidth />
      <RuleInputs />
      {create ? null : <FixedPrices />}
      <ArrayInput source="new_prices" label="Добавить или изменить фиксированные цены">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="sku" label="Артикул" validate={required()} helperText={false} />
          <TextInput source="price" label="Цена" validate={required()} helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      {create ? null : (
        <AutocompleteArrayInput source="remove_prices" label="Убрать фиксированные цены" choices={skus} />
      )}
      {create ? null : <ListClinics />}
    </>
  );
}

type PriceListForm = Partial<PriceList> & {
  new_prices?: { sku: string; price: string }[];
  remove_prices?: string[];
};

function priceListBody(values: PriceListForm, create: boolean): object {
  const body = {
    name: values.name,
    country: values.country,
    comment: values.comment ?? '',
    rules: (values.rules ?? []).map((r) => ({
      scope: r.scope,
      brand: r.scope === 'brand' ? slugOf(r.brand) : null,
      category: r.scope === 'category' ? slugOf(r.category) : null,
      percent: String(r.percent).replace(',', '.'),
    })),
    prices: (values.new_prices ?? []).map((p) => ({ sku: p.sku, price: String(p.price).replace(',', '.') })),
  };
  return create ? body : { ...body, remove_prices: values.remove_prices ?? [] };
}

const priceList = resourceScreens<PriceList>({
  noun: { one: 'прайс-лист', accusative: 'прайс-лист', gender: 'm' },
  label: (p) => p.name,
  Fields: PriceListFields,
  body: priceListBody as (values: Partial<PriceList>, create: boolean) => object,
  defaults: { comment: '', rules: [] },
  afterCreate: 'edit',
  history: { entity: 'price_list' },
  deleteNote: 'Прайс-лист, назначенный клиникам, удалить нельзя: сначала снимите его с них.',
});
export const PriceListEdit = priceList.Edit;
export const PriceListCreate = priceList.Create;
