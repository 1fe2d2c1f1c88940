/** The first screen: what waits for staff today, and how the day and the week go in each country. */
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import type { components } from '../../lib/api/schema.gen.ts';
import { REQUEST_KIND_LABELS } from '../../shared/request-states.ts';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { countryName } from './choices.ts';
import { createStaffActions } from './data-provider.ts';
import { moment, money } from './format.ts';

type DashboardData = components['schemas']['StaffDashboard'];

const actions = createStaffActions();

function Figure({ title, value, note, to }: { title: string; value: number; note?: string; to: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {title}
          </Typography>
          <Typography variant="h4" component="p">
            {value}
          </Typography>
          {note ? (
            <Typography variant="body2" color="text.secondary">
              {note}
            </Typography>
          ) : null}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const filterLink = (resource: string, filter: Record<string, string>) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

type CountryOrders = DashboardData['orders']['by_country'][number];
type OrderPeriod = CountryOrders['today'];

/** «5 заказов на 45 300 сом», and the cancelled ones, which the sum leaves out. */
function periodText(period: OrderPeriod, currency: string): string {
  const rule = new Intl.PluralRules('ru').select(period.count);
  const orders = `${period.count} ${rule === 'one' ? 'заказ' : rule === 'few' ? 'заказа' : 'заказов'}`;
  const value = period.count > period.cancelled ? ` на ${money(period.value, currency)}` : '';
  const cancelled = period.cancelled ? ` (отменено: ${period.cancelled}, не в сумме)` : '';
  return `${orders}${value}${cancelled}`;
}

/**
 * Today's and this week's orders per country, each figure a link to the list filtered by exactly what it
 * counts: the country and the moment its day (or week) began on its own clock.
 */
function OrdersByCountry({ countries }: { countries: CountryOrders[] }) {
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Заказы
        </Typography>
        <Grid container spacing={2}>
          {countries.map((c) => (
            <Grid key={c.country} size={{ xs: 12, md: 6 }}>
              <Typography variant="subtitle1" component="h3">
                {countryName(c.country)}
              </Typography>
              <List dense disablePadding>
                {(
                  [
                    ['Сегодня', c.today],
                    ['С понедельника', c.week],
                  ] as const
                ).map(([label, period]) => (
                  <ListItem key={label} disableGutters>
                    <ListItemText
                      primary={label}
                      secondary={
                        <Link to={filterLink('orders', { country: c.country, created_after: period.since })}>
                          {periodText(period, c.currency)}
                        </Link>
                      }
                    />
                  </ListItem>
                ))}
              </List>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}

export function Dashboard() {
  const [data, setData] = useState<DashboardData | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    actions
      .dashboard()
      .then((answer) => live && setData(answer as unknown as DashboardData))
      .catch((failure: unknown) => live && setError(apiErrorMessage(failure)));
    return () => {
      live = false;
    };
  }, []);
  const requestsWaiting = data ? Object.values(data.requests).reduce((sum, n) => sum + n, 0) : 0;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Сегодня" />
      <Typography variant="h5" component="h1" gutterBottom>
        Сегодня в магазине
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {data ? (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <Figure
                title="Ждут подтверждения"
                value={data.orders.waiting}
                note={
                  data.orders.oldest_waiting_since
                    ? `самый давний — ${moment(data.orders.oldest_waiting_since)}`
                    : undefined
                }
                to={filterLink('orders', { status: 'new' })}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <Figure title="Новых заявок" value={requestsWaiting} to={filterLink('requests', { status: 'new' })} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <Figure
                title="Загрузки: идут / с ошибкой за неделю"
                value={data.imports.running}
                note={`с ошибкой: ${data.imports.failed_last_week}`}
                to="/imports"
              />
            </Grid>
          </Grid>
          <OrdersByCountry countries={data.orders.by_country} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined">
                <CardContent>
                  <Typography variant="h6" component="h2">
                    Новые заявки по видам
                  </Typography>
                  <List dense>
                    {Object.entries(data.requests).map(([kind, count]) => (
                      <ListItem key={kind} disableGutters>
                        <ListItemText
                          primary={(REQUEST_KIND_LABELS as Record<string, string>)[kind] ?? kind}
                          secondary={`${count}`}
                        />
                      </ListItem>
                    ))}
                    {requestsWaiting === 0 ? <ListItem disableGutters>Новых заявок нет.</ListItem> : null}
                  </List>
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined">
                <CardContent>
                  <Typography variant="h6" component="h2">
                    Нет в наличии, но их ждут
                  </Typography>
                  <List dense>
                    {data.awaited.map((item) => (
                      <ListItem key={`${item.product}-${item.country}`} disableGutters>
                        <ListItemText
                          primary={<Link to={`/products/${encodeURIComponent(item.sku)}`}>{item.name}</Link>}
                          secondary={`${item.sku} · ${countryName(item.country)} · ждут: ${item.waiting}`}
                        />
                      </ListItem>
                    ))}
                    {data.awaited.length === 0 ? <ListItem disableGutters>Никто не ждёт поступления.</ListItem> : null}
                  </List>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        </>
      ) : null}
    </Box>
  );
}
