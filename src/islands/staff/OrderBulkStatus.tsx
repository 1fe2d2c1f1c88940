/**
 * The order list's bulk action: the selected orders move along the same step after one question that
 * says how many will move and which cannot (and why); the answer names every order that did not move.
 */
import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List as MuiList,
  ListItem,
} from '@mui/material';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { STAFF_ORDER_STATUSES } from '../../shared/order-statuses.ts';
import { orderStatusLabel } from './choices.ts';
import { createStaffActions } from './data-provider.ts';
import type { BulkStatusResult, StaffOrderRow } from './order-types.ts';
import { StatusFields } from './OrderStatusChange.tsx';

const actions = createStaffActions();

/** «3 заказа» */
function ordersCount(n: number): string {
  const rule = new Intl.PluralRules('ru').select(n);
  return `${n} ${rule === 'one' ? 'заказ' : rule === 'few' ? 'заказа' : 'заказов'}`;
}

export function OrderBulkStatusButton() {
  const { selectedIds, data, onUnselectItems } = useListContext<StaffOrderRow>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<BulkStatusResult | null>(null);
  // The title keeps the count asked about: the selection empties once the orders have moved.
  const [asked, setAsked] = useState(0);

  const selected = (data ?? []).filter((order) => selectedIds.includes(order.id));
  const targets = STAFF_ORDER_STATUSES.filter((s) => selected.some((order) => order.allowed_statuses.includes(s)));
  const blocked = status ? selected.filter((order) => !order.allowed_statuses.includes(status as never)) : [];
  const moving = selectedIds.length - blocked.length;

  function close() {
    setOpen(false);
    setStatus('');
    setComment('');
    setResult(null);
  }

  async function apply() {
    setSaving(true);
    try {
      const answer = (await actions.bulkChangeOrderStatus(
        selectedIds.map(String),
        status,
        comment,
      )) as unknown as BulkStatusResult;
      setResult(answer);
      onUnselectItems();
      refresh();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : String(failure), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const notMoved = result?.results.filter((r) => r.result !== 'moved') ?? [];
  return (
    <>
      <Button
        size="small"
        startIcon={<SwapHorizIcon />}
        onClick={() => {
          setAsked(selectedIds.length);
          setOpen(true);
        }}
      >
        Изменить статус
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="bulk-status-title" fullWidth maxWidth="sm">
        <DialogTitle id="bulk-status-title">Изменить статус: {ordersCount(asked)}</DialogTitle>
        {result ? (
          <DialogContent>
            <DialogContentText role="status">
              {`Переведено в «${orderStatusLabel(status)}»: ${ordersCount(result.moved)}.`}
              {result.moved > 0 ? ' Покупателям с подтверждённым адресом отправлены письма.' : ''}
              {notMoved.length ? ` Не переведены: ${ordersCount(notMoved.length)}.` : ''}
            </DialogContentText>
            {notMoved.length ? (
              <MuiList dense>
                {notMoved.map((r) => (
                  <ListItem key={r.number} disableGutters>
                    {r.number}: {r.reason}
                  </ListItem>
                ))}
              </MuiList>
            ) : null}
          </DialogContent>
        ) : (
          <DialogContent>
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <StatusFields
                statuses={targets}
                status={status}
                onStatus={setStatus}
                comment={comment}
                onComment={setComment}
                commentLabel="Комментарий для покупателей"
              />
            </Box>
            {status ? (
              <DialogContentText sx={{ mt: 2 }}>
                {moving > 0
                  ? `В «${orderStatusLabel(status)}» перейдут ${ordersCount(moving)}; покупатели с подтверждённым адресом получат письмо.`
                  : `Ни один из выбранных заказов нельзя перевести в «${orderStatusLabel(status)}».`}
                {status === 'cancelled' && moving > 0 ? ' Товары отменённых заказов вернутся в продажу.' : ''}
                {blocked.length
                  ? ` Останутся как есть: ${blocked.map((o) => `${o.number} («${orderStatusLabel(o.status)}»)`).join(', ')}.`
                  : ''}
              </DialogContentText>
            ) : null}
          </DialogContent>
        )}
        <DialogActions>
          {result ? (
            <Button onClick={close}>Закрыть</Button>
          ) : (
            <>
              <Button onClick={close}>Не менять</Button>
              <Button
                variant="contained"
                color={status === 'cancelled' ? 'warning' : 'primary'}
                disabled={!status || moving <= 0 || saving}
                onClick={() => void apply()}
              >
                {saving ? 'Сохраняем…' : status === 'cancelled' ? 'Отменить заказы' : 'Изменить статус'}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
