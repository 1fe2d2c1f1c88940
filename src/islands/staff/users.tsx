/** Accounts: the list, one account, blocking and unblocking; staff flags only for a superuser. */
import { Chip } from '@mui/material';
import {
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  TextInput,
  usePermissions,
  type RaRecord,
} from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';
import { countryName } from './choices.ts';
import { formatPhone, moment } from './format.ts';
import { resourceScreens } from './resource-screens.tsx';
import { only } from './resource-words.ts';

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
          render={(u: User) =>
            `${u.is_superuser ? 'администратор' : u.is_staff ? 'сотрудник' : 'покупатель'}${u.can_exchange ? ', обмен с 1С' : ''}`
          }
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

/** What staff may change of an account; the staff flag only for a superuser. */
function UserFields() {
  const { permissions } = usePermissions<{ superuser: boolean }>();
  return (
    <>
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
      {permissions?.superuser ? (
        <BooleanInput
          source="can_exchange"
          label="Обмен с 1С"
          helperText="1С входит на сайт с email и паролем этой учётной записи (только для сотрудника)."
        />
      ) : null}
    </>
  );
}

// Its history: who changed the account (staff flags, blocks, contact details) and when; a person's own
// edits are not listed.
export const UserEdit = resourceScreens<User>({
  noun: { one: 'учётная запись', accusative: 'учётную запись', gender: 'f' },
  label: (u) => u.email,
  Fields: UserFields,
  body: only<User>(['first_name', 'last_name', 'phone', 'is_active', 'is_staff', 'can_exchange']),
  history: { entity: 'user' },
  deletable: false,
}).Edit;
