/** Exchange rates: the history (the newest is current) and a new rate, current at once. */
import { Chip } from '@mui/material';
import {
  Create,
  Datagrid,
  FunctionField,
  List,
  required,
  SimpleForm,
  TextInput,
  useListContext,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { FieldRow } from './FieldRow.tsx';

type Exchange = components['schemas']['Exchange'] & RaRecord;

const rate = (value: string) => Number(value).toLocaleString('ru-RU', { maximumFractionDigits: 6 });

function CurrentChip({ record }: { record: Exchange }) {
  const { data, page } = useListContext<Exchange>();
  return page === 1 && data?.[0]?.id === record.id ? <Chip size="small" color="success" label="Текущий" /> : null;
}

export function ExchangeList() {
  return (
    <List exporter={false} perPage={25} title="Курсы валют">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          label="Дата"
          render={(e: Exchange) => new Date(`${e.date}T00:00:00`).toLocaleDateString('ru-RU')}
        />
        <FunctionField label="Тенге за 1 сом" render={(e: Exchange) => rate(e.kzt)} />
        <FunctionField label="Долларов за 1 сом" render={(e: Exchange) => rate(e.usd)} />
        <FunctionField label="Рублей за 1 сом" render={(e: Exchange) => rate(e.rub)} />
        <FunctionField label="" render={(e: Exchange) => <CurrentChip record={e} />} />
      </Datagrid>
    </List>
  );
}

export function ExchangeCreate() {
  return (
    <Create title="Новый курс" redirect="list">
      <SimpleForm>
        <FieldRow>
          <TextInput source="kzt" label="Тенге за 1 сом" validate={required()} helperText="Например, 6.15" />
          <TextInput source="usd" label="Долларов за 1 сом" validate={required()} helperText="Например, 0.0114" />
          <TextInput source="rub" label="Рублей за 1 сом" validate={required()} helperText="Например, 1.05" />
        </FieldRow>
      </SimpleForm>
    </Create>
  );
}
