/**
 * Orders: the list with its filters, delivery and payment at a glance and a bulk status change; one
 * order's page is `OrderDetail.tsx`. Rows open with a click or, from the keyboard, with Enter.
 */
import { Box, Typography } from '@mui/material';
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleList,
  TextField,
} from 'react-admin';
import {
  DELIVERY_METHODS,
  DELIVERY_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
} from '../../shared/order-methods.ts';
import { countryChoices, orderStatusChoices, orderStatusLabel } from './choices.ts';
import { formatPhone, moment, money } from './format.ts';
import { keyboardRows, keyboardRowsSx } from './keyboard-rows.tsx';
import { OrderBulkStatusButton } from './OrderBulkStatus.tsx';
import { OrderDetail, OrderStatusChip } from './OrderDetail.tsx';
import type { StaffOrderRow } from './order-types.ts';
import { ByScreen } from './responsive.tsx';

const paymentChoices = PAYMENT_METHODS.map((id) => ({ id, name: PAYMENT_METHOD_LABELS[id] }));
const deliveryChoices = DELIVERY_METHODS.map((id) => ({ id, name: DELIVERY_METHOD_LABELS[id] }));

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Номер, email, имя или телефон"
    sx={{ minWidth: { sm: 320 } }}
  />,
  <SelectInput key="status" source="status" label="Статус" choices={orderStatusChoices} />,
  <SelectInput key="country" source="country" label="Страна" choices={countryChoices} />,
  <SelectInput key="payment" source="payment_method" label="Оплата" choices={paymentChoices} />,
  <SelectInput key="delivery" source="delivery_method" label="Доставка" choices={deliveryChoices} />,
  <DateInput key="after" source="created_after" label="С даты" />,
  <DateInput key="before" source="created_before" label="До даты" />,
];

/** «Курьером, Бишкек», «Самовывоз: Бишкек, ул. …». */
const deliveryShort = (r: StaffOrderRow) =>
  r.delivery.method === 'pickup'
    ? `${r.delivery.method_label}: ${r.delivery.pickup_address}`
    : `${r.delivery.method_label}, ${r.delivery.city}`;

const paymentShort = (r: StaffOrderRow) => (r.payment.method === 'bank_transfer' ? 'По счёту' : 'При получении');

/** One line that ends in «…» when too long (a pickup point's address, a clinic's name); the whole text stays readable to screen readers. */
const oneLine = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

export function OrderList() {
  return (
    <List exporter={false} filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} title="Заказы">
      <ByScreen
        phone={
          <SimpleList<StaffOrderRow>
            linkType="show"
            primaryText={(r) => `${r.number} · ${money(r.total, r.currency)}`}
            tertiaryText={(r) => orderStatusLabel(r.status)}
            secondaryText={(r) => (
              <>
                <Box component="span" sx={oneLine}>
                  {r.contact.name}, {formatPhone(r.contact.phone)}
                </Box>
                <Box component="span" sx={oneLine}>
                  {paymentShort(r)} · {deliveryShort(r)}
                </Box>
                <Box component="span" sx={oneLine}>
                  {moment(r.created_at)}
                  {r.comment ? ' · есть комментарий' : ''}
                </Box>
              </>
            )}
            // The back office's layout grows to its content's width: lines cut with «…» must not count.
            sx={{ '& .MuiListItemText-secondary': { contain: 'inline-size' } }}
          />
        }
        wide={<OrderGrid />}
      />
    </List>
  );
}

const secondary = {
  component: 'span',
  variant: 'body2',
  color: 'text.secondary',
  sx: { ...oneLine, maxWidth: 160 },
} as const;
const noWrap = { whiteSpace: 'nowrap' } as const;

function OrderGrid() {
  return (
    <Datagrid
      rowClick="show"
      bulkActionButtons={<OrderBulkStatusButton />}
      body={keyboardRows((order) => `заказ ${order.id}`)}
      sx={keyboardRowsSx}
    >
      <TextField source="number" label="Номер" sx={noWrap} />
      <FunctionField source="created_at" label="Оформлен" render={(r: StaffOrderRow) => moment(r.created_at)} />
      <FunctionField
        label="Покупатель"
        render={(r: StaffOrderRow) => (
          <span>
            {r.contact.name}
            <Typography {...secondary}>{formatPhone(r.contact.phone)}</Typography>
          </span>
        )}
      />
      <FunctionField
        label="Доставка"
        render={(r: StaffOrderRow) => (
          <span>
            {r.delivery.method_label}
            <Typography {...secondary}>
              {r.delivery.method === 'pickup' ? r.delivery.pickup_address : r.delivery.city}
            </Typography>
          </span>
        )}
      />
      <FunctionField
        label="Оплата"
        render={(r: StaffOrderRow) => (
          <span>
            {paymentShort(r)}
            {r.payment.method === 'bank_transfer' ? (
              <Typography {...secondary}>{r.payment.organisation}</Typography>
            ) : null}
          </span>
        )}
      />
      <FunctionField label="Статус" render={(r: StaffOrderRow) => <OrderStatusChip status={r.status} />} />
      <FunctionField
        source="total"
        label="Сумма"
        textAlign="right"
        sx={noWrap}
        render={(r: StaffOrderRow) => money(r.total, r.currency)}
      />
    </Datagrid>
  );
}

export function OrderShow() {
  return (
    <Show title="Заказ" actions={false}>
      <OrderDetail />
    </Show>
  );
}
