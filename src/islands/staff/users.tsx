/** Accounts: the list, one account, blocking and unblocking; staff flags only for a superuser. */
import { Chip } from '@mui/material';
import {
  BooleanInput,
  Datagrid,
  Edit,
  FunctionField,
  List,
  SearchInput,
  SimpleForm,
  TextInput,
  usePermissions,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { ChangeHistory } from './changes.tsx';
import { countryName } from './choices.ts';
import { formatPhone, moment } from './format.ts';

type User = components['schemas']['User'] & RaRecord;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Email, имя или телефон" />];

export function UserList() {
  return (
    <List exporter={false} filters={filters} perPage={25} title="Покупатели и сотрудники">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="Email" render={(u: User) => u.email} />
        <FunctionField label="Имя" render={(u: User) => `${u.first_name} ${u.last_name}`.trim() || '—'} />
        <FunctionField label="Телефон" render={(u: User) => (u.phone ? formatPhone(u.phone) : '—')} />
        <FunctionField label="Страна" render={(u: User) => countryName(u.country)} />
        <FunctionField
          label="Роль"
          render={(u: User) => (u.is_superuser ? 'администратор' : u.is_staff ? 'сотрудник' : 'покупатель')}
        />
        <FunctionField
          label="Доступ"
          render={(u: User) =>
            u.is_active ? (
              <Chip size="small" color="success" label="Активен" />
            ) : (
              <Chip size="small" label="Заблокирован" />
            )
          }
        />
        <FunctionField label="Зарегистрирован" render={(u: User) => moment(u.date_joined)} />
      </Datagrid>
    </List>
  );
}

/** Who changed the account (staff flags, blocks, contact details) and when; a person's own edits are not listed. */
function UserHistory() {
  const user = useRecordContext<User>();
  return user ? <ChangeHistory entity="user" id={user.email} /> : null;
}

export function UserEdit() {
  const { permissions } = usePermissions<{ superuser: boolean }>();
  return (
    <Edit title="Учётная запись" mutationMode="pessimistic" aside={<UserHistory />}>
      <SimpleForm>
        <TextInput source="email" label="Email" disabled />
        <TextInput source="first_name" label="Имя" />
        <TextInput source="last_name" label="Фамилия" />
        <TextInput source="phone" label="Телефон" />
        <BooleanInput
          source="is_active"
          label="Может входить и заказывать"
          helperText="Снимите, чтобы заблокировать: вход и заказы закрываются сразу на всех устройствах."
        />
        {permissions?.superuser ? <BooleanInput source="is_staff" label="Сотрудник (доступ к управлению)" /> : null}
      </SimpleForm>
    </Edit>
  );
}
