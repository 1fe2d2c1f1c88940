/**
 * A list's rows for the keyboard and for screen readers, in place of react-admin's: each row is a Tab
 * stop with a visible focus ring, Enter opens it as a click does, the arrow keys move between rows, and
 * the selection checkbox is labelled on its input («Выбрать заказ KG-000123»). react-admin's row labels
 * the checkbox's wrapper instead, where axe finds the label prohibited and the input unlabelled.
 * `<Datagrid body={keyboardRows((r) => `заказ ${r.id}`)} sx={keyboardRowsSx}>`; rows do not expand.
 */
import { Children, isValidElement, type KeyboardEvent, type MouseEvent } from 'react';
import { Checkbox, TableCell, TableRow } from '@mui/material';
import {
  DatagridBody,
  DatagridCell,
  DatagridClasses,
  useGetPathForRecordCallback,
  useNavigate,
  useRecordContext,
  useResourceContext,
  type DatagridField,
  type DatagridRowProps,
  type RaRecord,
} from 'react-admin';

function onRowKey(event: KeyboardEvent<HTMLTableRowElement>) {
  // Keys pressed on the row's own controls (the selection checkbox) are theirs.
  if (event.target !== event.currentTarget) return;
  const row = event.currentTarget;
  if (event.key === 'Enter') {
    event.preventDefault();
    row.click();
    return;
  }
  const next =
    event.key === 'ArrowDown' ? row.nextElementSibling : event.key === 'ArrowUp' ? row.previousElementSibling : null;
  if (next instanceof HTMLTableRowElement && next.tabIndex === 0) {
    event.preventDefault();
    next.focus();
  }
}

type KeyboardRowProps = DatagridRowProps & { selectLabel: (record: RaRecord) => string };

function KeyboardRow({
  children,
  className,
  hasBulkActions,
  hover = true,
  id,
  onToggleItem,
  rowClick,
  selectable = true,
  selected = false,
  selectLabel,
  style,
  sx,
}: KeyboardRowProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const navigate = useNavigate();
  const pathFor = useGetPathForRecordCallback();
  if (!record || !resource || id === undefined) return null;

  async function open() {
    const link = typeof rowClick === 'function' ? await rowClick(record!.id, resource!, record!) : rowClick;
    if (link === 'expand' || link === 'toggleSelection') return;
    const path = await pathFor({ record, resource, link });
    if (path) navigate(path, { state: { _scrollToTop: true } });
  }

  function toggle(event: MouseEvent<HTMLButtonElement>) {
    event.stopPropagation();
    if (selectable) onToggleItem?.(id!, event);
  }

  return (
    <TableRow
      className={`${className ?? ''} ${DatagridClasses.clickableRow}`}
      hover={hover}
      tabIndex={0}
      onClick={() => void open()}
      onKeyDown={onRowKey}
      style={style}
      sx={sx}
    >
      {hasBulkActions ? (
        <TableCell padding="checkbox">
          <Checkbox
            className={`select-item ${DatagridClasses.checkbox}`}
            color="primary"
            checked={selectable && selected}
            disabled={!selectable}
            onClick={toggle}
            slotProps={{ input: { 'aria-label': `Выбрать ${selectLabel(record)}` } }}
          />
        </TableCell>
      ) : null}
      {Children.map(children, (field) => {
        if (!isValidElement<{ source?: string }>(field)) return null;
        return (
          <DatagridCell
            className={`column-${field.props.source ?? ''} ${DatagridClasses.rowCell}`}
            record={record}
            field={field as DatagridField}
            resource={resource}
          />
        );
      })}
    </TableRow>
  );
}

/** The body of a Datagrid whose rows are `KeyboardRow`s; `selectLabel` names a row's record for its checkbox. */
export const keyboardRows = (selectLabel: (record: RaRecord) => string) => (
  <DatagridBody row={<KeyboardRow selectLabel={selectLabel} />} />
);

/**
 * The Datagrid's own styles for these rows: the focused row's ring (the theme's focus colour, inside the
 * row so the table's edge never clips it), and the bulk actions' bar hidden while nothing is selected:
 * collapsed to no height, its buttons would still be Tab stops nobody sees, and targets that overlap
 * the filter button and the column headers.
 */
export const keyboardRowsSx = {
  '& .RaDatagrid-row:focus-visible': { outline: '3px solid #f0a500', outlineOffset: -3 },
  '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
};
