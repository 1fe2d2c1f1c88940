/**
 * A staff resource's edit and create screens from one description: its fields in one form, only what
 * the API takes sent, the record's history beside it, and messages that name what was saved or
 * deleted in Russian («Баннер «Весна» сохранён», «Удалить баннер «Весна»?») instead of
 * react-admin's «Элемент обновлён».
 */
import type { ComponentType, ReactNode } from 'react';
import {
  Create,
  Datagrid,
  DeleteButton,
  Edit,
  List,
  Pagination,
  SaveButton,
  SimpleForm,
  Toolbar,
  ToolbarClasses,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import { ChangeHistory } from './changes.tsx';
import { ASIDE_BELOW_ON_PHONES } from './responsive.tsx';
import { capitalised, deleteQuestion, newTitle, resourceMessage, type ResourceNoun } from './resource-words.ts';

export interface ResourceScreens<R extends RaRecord> {
  noun: ResourceNoun;
  /** What names a record in the messages: its title, its name. */
  label: (record: R) => string;
  /** The form's inputs; `create` on the create screen. */
  Fields: ComponentType<{ create: boolean }>;
  /** Only what the API takes of the form's values: the answer's read-only fields stay out. */
  body: (values: Partial<R>, create: boolean) => object;
  /** What a new record starts with. */
  defaults?: Partial<R>;
  /** Where a new record leads once saved: the list, or its own form (to go on with it there). */
  afterCreate?: 'list' | 'edit';
  /** The history beside the form: the journal's name of the record, and its page on the site. */
  history?: { entity: string; link?: (record: R) => string | null | undefined };
  /** Above the form on the edit screen. */
  header?: ReactNode;
  /** What deleting it means, said in the confirmation before «Это нельзя отменить.» */
  deleteNote?: string;
  /** False where the form offers no delete (an account is deleted with its owner's password). */
  deletable?: boolean;
}

/** A short table staff keep whole (every row on one page), a row opening its form. */
export function ResourceTable({ title, children }: { title: string; children: ReactNode }) {
  return (
    // The page size is one of the choices, so «Строк на странице» never shows an empty select.
    <List exporter={false} perPage={100} pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />} title={title}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        {children}
      </Datagrid>
    </List>
  );
}

/** Says what happened in the resource's words, where react-admin would say «Элемент обновлён». */
function useSay() {
  const notify = useNotify();
  return (text: string) => notify(text, { type: 'info', messageArgs: { _: text } });
}

/**
 * An edit or create screen's `mutationOptions` that name what was saved («Заявка «В-0003» сохранена»),
 * then go where react-admin would: the list, or the record's own form (`then: 'edit'`).
 */
export function useSavedNotice<R extends RaRecord>(
  noun: ResourceNoun,
  label: (record: R) => string,
  { what = 'saved', then = 'list' }: { what?: 'saved' | 'created'; then?: 'list' | 'edit' } = {},
) {
  const resource = useResourceContext();
  const say = useSay();
  const redirect = useRedirect();
  return {
    onSuccess: (record: R) => {
      say(resourceMessage(noun, what, label(record), record.id));
      redirect(then, resource, record.id, record);
    },
  };
}

/** The edit screen's `<XxxEdit>` and the create screen's `<XxxCreate>` of one resource. */
export function resourceScreens<R extends RaRecord>(config: ResourceScreens<R>) {
  const { noun, label, Fields, body, history } = config;

  function FormToolbar() {
    const record = useRecordContext<R>();
    const resource = useResourceContext();
    const say = useSay();
    const redirect = useRedirect();
    return (
      <Toolbar>
        <div className={ToolbarClasses.defaultToolbar}>
          <SaveButton />
          {record && config.deletable !== false ? (
            <DeleteButton
              mutationMode="pessimistic"
              confirmTitle={deleteQuestion(noun, label(record), record.id)}
              confirmContent={[config.deleteNote, 'Это нельзя отменить.'].filter(Boolean).join(' ')}
              mutationOptions={{
                onSuccess: () => {
                  say(resourceMessage(noun, 'deleted', label(record), record.id));
                  redirect('list', resource);
                },
              }}
            />
          ) : null}
        </div>
      </Toolbar>
    );
  }

  function History() {
    const record = useRecordContext<R>();
    if (!record || !history) return null;
    return <ChangeHistory entity={history.entity} id={record.id} link={history.link?.(record)} />;
  }

  function ResourceEdit() {
    return (
      <Edit
        title={capitalised(noun.one)}
        mutationMode="pessimistic"
        transform={(values: Partial<R>) => body(values, false)}
        aside={history ? <History /> : undefined}
        sx={history ? ASIDE_BELOW_ON_PHONES : undefined}
        mutationOptions={useSavedNotice(noun, label)}
      >
        {config.header}
        <SimpleForm toolbar={<FormToolbar />}>
          <Fields create={false} />
        </SimpleForm>
      </Edit>
    );
  }

  function ResourceCreate() {
    return (
      <Create
        title={newTitle(noun)}
        transform={(values: Partial<R>) => body(values, true)}
        mutationOptions={useSavedNotice(noun, label, { what: 'created', then: config.afterCreate })}
      >
        <SimpleForm defaultValues={config.defaults}>
          <Fields create />
        </SimpleForm>
      </Create>
    );
  }

  return { Edit: ResourceEdit, Create: ResourceCreate };
}
