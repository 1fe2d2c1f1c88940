/**
 * One order as the manager works it: everything the customer wrote (the comment first, where a courier's
 * manager looks), the contact, delivery and payment with the invoice to download, the status form, the
 * lines and the history with who moved it and why. Fits a 390 px phone: the lines become a list there.
 */
import type { ReactNode } from 'react';
import {
  Box,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useRecordContext } from 'react-admin';
import { countryName, orderStatusLabel } from './choices.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { formatPhone, moment, money } from './format.ts';
import { OrderStatusChange } from './OrderStatusChange.tsx';
import type { StaffOrder } from './order-types.ts';
import { usePhone } from './responsive.tsx';

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2, height: { md: '100%' } }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label and value pairs, read as a definition list; long values (addresses, names) wrap. */
function Facts({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(90px, max-content) 1fr',
        columnGap: 2,
        rowGap: 0.75,
        typography: 'body2',
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function CustomerComment({ comment }: { comment: string }) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="order-comment"
      sx={{ mb: 2, borderLeft: 6, borderLeftColor: 'warning.main', bgcolor: '#fff8e6' }}
    >
      <CardContent>
        <Typography id="order-comment" variant="subtitle2" component="h2" gutterBottom>
          Комментарий покупателя
        </Typography>
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Lines({ order }: { order: StaffOrder }) {
  const phone = usePhone();
  if (phone)
    return (
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {order.lines.map((line) => (
          <Box component="li" key={line.sku} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {line.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              арт. {line.sku} · {line.quantity} × {money(line.price, order.currency)} ={' '}
              {money(line.total, order.currency)}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  return (
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
        {order.lines.map((line) => (
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
  );
}

function History({ order }: { order: StaffOrder }) {
  if (!order.history) return <Typography variant="body2">Загружаем историю…</Typography>;
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, typography: 'body2', '& li + li': { mt: 1 } }}>
      {order.history.map((event, index) => (
        <li key={index}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {moment(event.created_at)}
          </Box>{' '}
          {event.from_status_label
            ? `«${event.from_status_label}» → «${event.to_status_label}»`
            : `Оформлен: «${event.to_status_label}»`}
          {` — ${event.user?.email ?? event.source_label}`}
          {event.comment ? (
            <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              Комментарий: {event.comment}
            </Box>
          ) : null}
        </li>
      ))}
    </Box>
  );
}

export function OrderDetail() {
  const order = useRecordContext<StaffOrder>();
  if (!order) return null;
  const { delivery, payment, contact } = order;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
        <Typography variant="h5" component="h1">
          Заказ {order.number}
        </Typography>
        <OrderStatusChip status={order.status} />
        <Typography color="text.secondary">
          {moment(order.created_at)} · {countryName(order.country)} · {money(order.total, order.currency)}
        </Typography>
      </Stack>
      {order.comment ? <CustomerComment comment={order.comment} /> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          mb: 2,
          '& > .MuiCard-root': { mb: 0 },
        }}
      >
        <Section title="Покупатель">
          <Facts>
            <Fact label="Имя">{contact.name || '—'}</Fact>
            <Fact label="Телефон">
              {contact.phone ? <a href={`tel:${contact.phone}`}>{formatPhone(contact.phone)}</a> : '—'}
            </Fact>
            <Fact label="Email">{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '—'}</Fact>
            <Fact label="Учётная запись">
              {order.account_email}
              {order.account_email_confirmed ? '' : ' (адрес не подтверждён)'}
            </Fact>
          </Facts>
        </Section>
        <Section title="Доставка">
          <Facts>
            <Fact label="Способ">{delivery.method_label}</Fact>
            {delivery.method === 'pickup' ? (
              <Fact label="Пункт выдачи">{delivery.pickup_address || '—'}</Fact>
            ) : (
              <>
                <Fact label="Город">{delivery.city}</Fact>
                <Fact label="Адрес">{delivery.address}</Fact>
              </>
            )}
            <Fact label="Стоимость">{delivery.price_label}</Fact>
          </Facts>
        </Section>
        <Section title="Оплата">
          <Facts>
            <Fact label="Способ">{payment.method_label}</Fact>
            {payment.method === 'bank_transfer' ? (
              <>
                <Fact label="Организация">{payment.organisation}</Fact>
                <Fact label={payment.tax_number_label}>{payment.tax_number}</Fact>
              </>
            ) : null}
          </Facts>
          {order.invoice ? (
            <Box sx={{ mt: 1.5 }}>
              <DownloadButton url={order.invoice.url} filename={order.invoice.filename} variant="outlined">
                Скачать счёт (PDF)
              </DownloadButton>
            </Box>
          ) : payment.method === 'bank_transfer' ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              Заказ отменён: счёт по нему не действует.
            </Typography>
          ) : null}
        </Section>
      </Box>
      <Section title="Статус">
        <OrderStatusChange order={order} />
      </Section>
      <Section title="Товары">
        <Lines order={order} />
        <Box sx={{ mt: 1, textAlign: 'right' }}>
          <Typography variant="body2">Товары: {money(order.goods_total, order.currency)}</Typography>
          <Typography variant="body2">Доставка: {delivery.price_label}</Typography>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            Итого: {money(order.total, order.currency)}
          </Typography>
        </Box>
      </Section>
      <Section title="История">
        <History order={order} />
      </Section>
    </Box>
  );
}
