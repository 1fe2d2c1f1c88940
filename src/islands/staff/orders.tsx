/** Orders: the list with its filters, one order with its lines and history, and its status changes. */
import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
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
  useNotify,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { countryChoices, countryName, orderStatusChoices, orderStatusLabel } from './choices.ts';
import { createStaffActions } from './data-provider.ts';
import { formatPhone, moment, money } from './format.ts';
import { ByScreen } from './responsive.tsx';

type StaffOrder = components['schemas']['StaffOrderDetail'] & RaRecord;

const actions = createStaffActions();

const STATUS_COLOR: Record<string, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  new: 'warning',
  confirmed: 'info',
  shipped: 'primary',
  completed: 'success',
  cancelled: 'default',
};

export function OrderStatusChip({ status }: { status: string }) {
  return <Chip size="small" color={STATUS_COLOR[status] ?? 'default'} label={orderStatusLabel(status)} />;
}

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
  <DateInput key="after" source="created_after" label="С даты" />,
  <DateInput key="before" source="created_before" label="До даты" />,
];

export function OrderList() {
  return (
    <List exporter={false} filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} title="Заказы">
      <ByScreen
        phone={
          <SimpleList<StaffOrder>
            linkType="show"
            primaryText={(r) => `${r.number} · ${money(r.total, r.currency)}`}
            secondaryText={(r) => `${r.contact.name}, ${formatPhone(r.contact.phone)} · ${moment(r.created_at)}`}
            tertiaryText={(r) => orderStatusLabel(r.status)}
          />
        }
        wide={<OrderGrid />}
      />
    </List>
  );
}

function OrderGrid() {
  return (
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="number" label="Номер" />
      <FunctionField source="created_at" label="Оформлен" render={(r: StaffOrder) => moment(r.created_at)} />
      <FunctionField
        label="Покупатель"
        render={(r: StaffOrder) => (
          <span>
            {r.contact.name}
            <br />
            <Typography component="span" variant="body2" color="text.secondary">
              {formatPhone(r.contact.phone)}
            </Typography>
          </span>
        )}
      />
      <FunctionField label="Страна" render={(r: StaffOrder) => countryName(r.country)} />
      <FunctionField label="Статус" render={(r: StaffOrder) => <OrderStatusChip status={r.status} />} />
      <FunctionField
        source="total"
        label="Сумма"
        textAlign="right"
        render={(r: StaffOrder) => money(r.total, r.currency)}
      />
    </Datagrid>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Typography variant="body2" sx={{ mb: 0.5 }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {children}
    </Typography>
  );
}

function StatusChange({ order }: { order: StaffOrder }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [status, setStatus] = useState('');
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  if ((order.allowed_statuses ?? []).length === 0) {
    return <Typography variant="body2">Статус «{orderStatusLabel(order.status)}» окончательный.</Typography>;
  }
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!status) {
      setError('Выберите новый статус.');
      return;
    }
    setSaving(true);
    setError('');
    try {
      await actions.changeOrderStatus(order.number, status, comment);
      notify(`Заказ ${order.number}: «${orderStatusLabel(status)}». Покупателю отправлено письмо.`, {
        type: 'success',
      });
      setStatus('');
      setComment('');
      refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '220px 1fr auto' },
          alignItems: 'start',
        }}
      >
        <MuiTextField
          select
          label="Новый статус"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          error={Boolean(error) && !status}
          size="small"
        >
          {order.allowed_statuses.map((next) => (
            <MenuItem key={next} value={next}>
              {orderStatusLabel(next)}
            </MenuItem>
          ))}
        </MuiTextField>
        <MuiTextField
          label="Комментарий для покупателя"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          multiline
          minRows={1}
          size="small"
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Сохраняем…' : 'Изменить статус'}
        </Button>
      </Box>
      {error ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Покупатель получит письмо с новым статусом и комментарием; отмена возвращает товар на склад.
        </Typography>
      )}
    </Box>
  );
}

const SOURCE_LABELS: Record<string, string> = { customer: 'покупатель', staff: 'сотрудник', expiry: 'автоматически' };

function OrderDetail() {
  const order = useRecordContext<StaffOrder>();
  if (!order) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          Заказ {order.number}
        </Typography>
        <OrderStatusChip status={order.status} />
        <Typography color="text.secondary">{moment(order.created_at)}</Typography>
      </Stack>
      <Section title="Статус">
        <StatusChange order={order} />
      </Section>
      <Section title="Товары">
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Артикул</TableCell>
                <TableCell>Товар</TableCell>
                <TableCell align="right">Цена</TableCell>
                <TableCell align="right">Кол-во</TableCell>
                <TableCell align="right">Сумма</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(order.lines ?? []).map((line) => (
                <TableRow key={line.sku}>
                  <TableCell>{line.sku}</TableCell>
                  <TableCell>{line.name}</TableCell>
                  <TableCell align="right">{money(line.price, order.currency)}</TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell align="right">{money(line.total, order.currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Box sx={{ mt: 1, textAlign: 'right' }}>
          <Typography variant="body2">Товары: {money(order.goods_total, order.currency)}</Typography>
          <Typography variant="body2">
            Доставка:{' '}
            {order.delivery.price === null ? 'по тарифу перевозчика' : money(order.delivery.price, order.currency)}
          </Typography>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            Итого: {money(order.total, order.currency)}
          </Typography>
        </Box>
      </Section>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Section title="Покупатель">
            <Line label="Имя">{order.contact.name}</Line>
            <Line label="Телефон">
              <a href={`tel:${order.contact.phone}`}>{formatPhone(order.contact.phone)}</a>
            </Line>
            <Line label="Email">
              <a href={`mailto:${order.contact.email}`}>{order.contact.email}</a>
            </Line>
            <Line label="Учётная запись">{order.account_email}</Line>
          </Section>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Section title="Доставка и оплата">
            <Line label="Страна">{countryName(order.country)}</Line>
            <Line label="Доставка">
              {order.delivery.method === 'pickup'
                ? `самовывоз: ${order.delivery.pickup_address}`
                : `курьер: ${order.delivery.city}, ${order.delivery.address}`}
            </Line>
            <Line label="Оплата">
              {order.payment.method === 'bank_transfer'
                ? `безналичный расчёт${order.payment.organisation ? `, ${order.payment.organisation}` : ''}`
                : 'при получении'}
            </Line>
          </Section>
        </Box>
      </Stack>
      <Section title="История">
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {(order.history ?? []).map((event, index) => (
            <li key={index}>
              <Typography variant="body2">
                {moment(event.created_at)} — «{event.to_status_label}»
                {event.user ? ` (${event.user.email})` : ` (${SOURCE_LABELS[event.source] ?? event.source})`}
                {event.comment ? `: ${event.comment}` : ''}
              </Typography>
            </li>
          ))}
        </Box>
      </Section>
    </Box>
  );
}

export function OrderShow() {
  return (
    <Show title="Заказ" actions={false}>
      <OrderDetail />
    </Show>
  );
}
