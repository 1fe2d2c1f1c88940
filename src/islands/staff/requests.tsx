/** The inbox of visitor requests (support, sign-ups, printing, applications) and the newsletter's subscribers. */
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import {
  Datagrid,
  Edit,
  FunctionField,
  List,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  Toolbar,
  TopToolbar,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { countryChoices, countryName, requestKindChoices, requestStatusChoices } from './choices.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { ByScreen } from './responsive.tsx';
import { useSavedNotice } from './resource-screens.tsx';
import type { ResourceNoun } from './resource-words.ts';
import { fileSize, formatPhone, moment } from './format.ts';
import { REQUEST_DETAIL_LABELS } from '../../shared/request-details.ts';

type InboxRequest = components['schemas']['InboxRequest'] & RaRecord;
type Subscriber = components['schemas']['NewsletterSubscriber'] & RaRecord;

const STATE_COLOR: Record<string, 'warning' | 'info' | 'success' | 'default'> = {
  new: 'warning',
  in_progress: 'info',
  done: 'success',
  spam: 'default',
};

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Номер, имя, email, телефон или текст"
    sx={{ minWidth: { sm: 320 } }}
  />,
  <SelectInput key="kind" source="kind" label="Вид" choices={requestKindChoices} />,
  <SelectInput key="status" source="status" label="Состояние" choices={requestStatusChoices} />,
  <SelectInput key="country" source="country" label="Страна" choices={countryChoices} />,
];

export function RequestList() {
  return (
    <List exporter={false} filters={filters} perPage={25} title="Заявки" sort={{ field: 'created_at', order: 'DESC' }}>
      <ByScreen
        phone={
          <SimpleList<InboxRequest>
            linkType="edit"
            primaryText={(r) => `${r.number} · ${r.kind_label}: ${r.name}`}
            secondaryText={(r) => r.about || r.message.slice(0, 80)}
            tertiaryText={(r) => r.status_label}
          />
        }
        wide={<RequestGrid />}
      />
    </List>
  );
}

function RequestGrid() {
  return (
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <FunctionField label="Номер" render={(r: InboxRequest) => r.number} />
      <FunctionField label="Получена" render={(r: InboxRequest) => moment(r.created_at)} />
      <FunctionField label="Вид" render={(r: InboxRequest) => r.kind_label} />
      <FunctionField
        label="От кого"
        render={(r: InboxRequest) => (
          <span>
            {r.name}
            <br />
            <Typography component="span" variant="body2" color="text.secondary">
              {r.email || formatPhone(r.phone)}
            </Typography>
          </span>
        )}
      />
      <FunctionField label="О чём" render={(r: InboxRequest) => r.about || r.message.slice(0, 80)} />
      <FunctionField
        label="Состояние"
        render={(r: InboxRequest) => (
          <Chip size="small" color={STATE_COLOR[r.status] ?? 'default'} label={r.status_label} />
        )}
      />
    </Datagrid>
  );
}

function RequestSummary() {
  const request = useRecordContext<InboxRequest>();
  if (!request) return null;
  const details = Object.entries(request.details);
  return (
    <Card variant="outlined" sx={{ mb: 2, width: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h1">
            {request.kind_label} {request.number}
          </Typography>
          <Chip size="small" color={STATE_COLOR[request.status] ?? 'default'} label={request.status_label} />
          <Typography variant="body2" color="text.secondary">
            {moment(request.created_at)}, {countryName(request.country)}
          </Typography>
        </Stack>
        {request.about ? <Typography sx={{ mb: 1 }}>{request.about}</Typography> : null}
        <Typography variant="body2">
          {request.name}
          {request.phone ? (
            <>
              {' · '}
              <a href={`tel:${request.phone}`}>{formatPhone(request.phone)}</a>
            </>
          ) : null}
          {request.email ? (
            <>
              {' · '}
              <a href={`mailto:${request.email}`}>{request.email}</a>
            </>
          ) : null}
        </Typography>
        {request.message ? (
          <Typography
            component="blockquote"
            sx={{ whiteSpace: 'pre-wrap', borderLeft: 3, borderColor: 'divider', pl: 2, my: 2 }}
          >
            {request.message}
          </Typography>
        ) : null}
        {details.length > 0 ? (
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
          >
            {details.map(([key, value]) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {REQUEST_DETAIL_LABELS[key] ?? key}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {key === 'file_url' && typeof value === 'string' && /^https?:\/\//i.test(value) ? (
                    <a href={value} target="_blank" rel="noopener noreferrer">
                      {value}
                    </a>
                  ) : (
                    String(value)
                  )}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
        {request.attachment ? (
          <Box sx={{ mt: 2 }}>
            <DownloadButton variant="outlined" url={request.attachment.url} filename={request.attachment.filename}>
              {request.attachment.filename} ({fileSize(request.attachment.size)})
            </DownloadButton>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RequestToolbar() {
  return (
    <Toolbar>
      <SaveButton label="Сохранить" />
    </Toolbar>
  );
}

function RequestTitle() {
  const request = useRecordContext<InboxRequest>();
  return <span>{request ? `Заявка ${request.number}` : 'Заявка'}</span>;
}

const REQUEST: ResourceNoun = { one: 'заявка', accusative: 'заявку', gender: 'f' };

export function RequestEdit() {
  const saved = useSavedNotice<InboxRequest>(REQUEST, (request) => request.number);
  return (
    <Edit title={<RequestTitle />} mutationMode="pessimistic" actions={<TopToolbar />} mutationOptions={saved}>
      <SimpleForm toolbar={<RequestToolbar />}>
        <RequestSummary />
        <SelectInput source="status" label="Состояние" choices={requestStatusChoices} validate={required()} />
        <TextInput
          source="notes"
          label="Заметки сотрудников"
          multiline
          minRows={3}
          fullWidth
          helperText="Что сделано и что осталось: видно только сотрудникам."
        />
      </SimpleForm>
    </Edit>
  );
}

const SUBSCRIPTION_COLOR: Record<string, 'success' | 'warning' | 'default'> = {
  active: 'success',
  pending: 'warning',
  unsubscribed: 'default',
};

function ExportButton() {
  return (
    <TopToolbar>
      <DownloadButton url="/api/v1/staff/newsletter/export/" filename="newsletter.csv">
        Выгрузить подписчиков (CSV)
      </DownloadButton>
    </TopToolbar>
  );
}

const subscriberFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Часть адреса" />,
  <SelectInput key="country" source="country" label="Страна" choices={countryChoices} />,
  <SelectInput
    key="state"
    source="state"
    label="Подписка"
    choices={[
      { id: 'active', name: 'Подписан' },
      { id: 'pending', name: 'Ждёт подтверждения' },
      { id: 'unsubscribed', name: 'Отписался' },
    ]}
  />,
];

export function SubscriberList() {
  return (
    <List
      exporter={false}
      filters={subscriberFilters}
      perPage={50}
      title="Подписчики рассылки"
      actions={<ExportButton />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField label="Email" render={(r: Subscriber) => r.email} />
        <FunctionField label="Страна" render={(r: Subscriber) => countryName(r.country)} />
        <FunctionField
          label="Подписка"
          render={(r: Subscriber) => (
            <Chip size="small" color={SUBSCRIPTION_COLOR[r.state] ?? 'default'} label={r.state_label} />
          )}
        />
        <FunctionField label="Оставил адрес" render={(r: Subscriber) => moment(r.subscribed_at)} />
        <FunctionField label="Подтвердил" render={(r: Subscriber) => moment(r.confirmed_at)} />
        <FunctionField label="Отписался" render={(r: Subscriber) => moment(r.unsubscribed_at)} />
      </Datagrid>
    </List>
  );
}
