/** Exchange rates: the history (the newest is current) and a new rate, current at once. */
import { Chip } from '@mui/material';
import { Datagrid, FunctionField, List, required, TextInput, useListContext, type RaRecord } from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { FieldRow } from './FieldRow.tsx';
import { resourceScreens } from './resource-screens.tsx';
import { only } from './resource-words.ts';

type Exchange = components['schemas']['Exchange'] & RaRecord;

const day = (iso: string) => new Date(`${iso}T00:00:00`).toLocaleDateString('ru-RU');
const rate = (value: string) => Number(value).toLocaleString('ru-RU', { maximumFractionDigits: 6 });

function CurrentChip({ record }: { record: Exchange }) {
  const { data, page } = useListContext<Exchange>();
  return page === 1 && data?.[0]?.id === record.id ? <Chip size="small" color="success" label="Текущий" /> : null;
}

export function ExchangeList() {
  return (
    <List exporter={false} perPage={25} title="Курсы валют">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField label="Дата" render={(e: Exchange) => day(e.date)} />
        <FunctionField label="Тенге за 1 сом" render={(e: Exchange) => rate(e.kzt)} />
        <FunctionField label="Долларов за 1 сом" render={(e: Exchange) => rate(e.usd)} />
        <FunctionField label="Рублей за 1 сом" render={(e: Exchange) => rate(e.rub)} />
        <FunctionField label="" render={(e: Exchange) => <CurrentChip record={e} />} />
      </Datagrid>
    </List>
  );
}

function ExchangeFields() {
  return (
    <FieldRow>
      <TextInput source="kzt" label="Тенге за 1 сом" validate={required()} helperText="Например, 6.15" />
      <TextInput source="usd" label="Долларов за 1 сом" validate={required()} helperText="Например, 0.0114" />
      <TextInput source="rub" label="Рублей за 1 сом" validate={required()} helperText="Например, 1.05" />
    </FieldRow>
  );
}

/** A rate is only ever added (the newest is current): the create screen alone. */
export const ExchangeCreate = resourceScreens<Exchange>({
  noun: { one: 'курс валют', accusative: 'курс валют', gender: 'm' },
  label: (e) => day(e.date),
  Fields: ExchangeFields,
  body: only<Exchange>(['kzt', 'usd', 'rub']),
}).Create;
