/**
 * The order page's status form: the statuses the rules allow now, a comment for the customer, and for a
 * cancellation a question first that says what will happen. A refused move (someone moved the order
 * meanwhile) says why in words and shows the order as it now is.
 */
import { useState } from 'react';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { Confirm, useNotify, useRefresh } from 'react-admin';
import { orderStatusLabel } from './choices.ts';
import { createStaffActions } from './data-provider.ts';
import type { StaffOrder } from './order-types.ts';

const actions = createStaffActions();

/** Order mails go only to a confirmed address: why this customer will not get one. */
export const UNCONFIRMED_NO_MAIL = 'Покупатель не получит письмо: адрес его учётной записи не подтверждён.';

/**
 * What cancelling does, for the question asked first (the customer's mail, when the account's address
 * is confirmed, and the stock).
 */
export function cancellationConsequences(units: number, comment: string, mailed: boolean): string {
  const mail = mailed
    ? `Покупатель получит письмо об отмене${comment ? ' с вашим комментарием' : ''}, а товары`
    : `${UNCONFIRMED_NO_MAIL} Товары`;
  return `${mail} заказа (${units} шт.) вернутся в продажу. Отменённый заказ нельзя вернуть в работу.`;
}

/**
 * The new status (among `statuses`) and the comment the customer is mailed with it: the order page's
 * form and the list's bulk change ask the same.
 */
export function StatusFields(props: {
  statuses: readonly string[];
  status: string;
  onStatus: (status: string) => void;
  comment: string;
  onComment: (comment: string) => void;
  commentLabel: string;
  /** Nothing chosen though it was asked for. */
  missing?: boolean;
}) {
  return (
    <>
      <TextField
        select
        label="Новый статус"
        value={props.status}
        onChange={(e) => props.onStatus(e.target.value)}
        error={props.missing}
        size="small"
      >
        {props.statuses.map((next) => (
          <MenuItem key={next} value={next}>
            {orderStatusLabel(next)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={props.commentLabel}
        value={props.comment}
        onChange={(e) => props.onComment(e.target.value)}
        multiline
        size="small"
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </>
  );
}

export function OrderStatusChange({ order }: { order: StaffOrder }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [status, setStatus] = useState('');
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState('');
  if (order.allowed_statuses.length === 0) {
    return <Typography variant="body2">Статус «{orderStatusLabel(order.status)}» окончательный.</Typography>;
  }

  async function save() {
    setAsking(false);
    setSaving(true);
    setError('');
    try {
      await actions.changeOrderStatus(order.number, status, comment);
      const mail = order.account_email_confirmed
        ? 'Покупателю отправлено письмо.'
        : 'Письмо не отправлено: адрес покупателя не подтверждён.';
      notify(`Заказ ${order.number}: «${orderStatusLabel(status)}». ${mail}`, { type: 'success' });
      setComment('');
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      setError(`${reason} На странице — заказ, каким он стал.`);
    } finally {
      setStatus('');
      setSaving(false);
      // Either way the page shows the order as it is now: moved by us, or by someone else meanwhile.
      refresh();
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!status) {
      setError('Выберите новый статус.');
      return;
    }
    if (status === 'cancelled') setAsking(true);
    else void save();
  }

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '220px 1fr auto' },
          alignItems: 'start',
        }}
      >
        <StatusFields
          statuses={order.allowed_statuses}
          status={status}
          onStatus={setStatus}
          comment={comment}
          onComment={setComment}
          commentLabel="Комментарий для покупателя"
          missing={Boolean(error) && !status}
        />
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Сохраняем…' : 'Изменить статус'}
        </Button>
      </Box>
      {error ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {order.account_email_confirmed
            ? 'Покупатель получит письмо с новым статусом и комментарием; '
            : `${UNCONFIRMED_NO_MAIL} `}
          Отмена возвращает товар в продажу.
        </Typography>
      )}
      <Confirm
        isOpen={asking}
        title={`Отменить заказ ${order.number}?`}
        content={cancellationConsequences(order.items_count, comment, order.account_email_confirmed)}
        confirm="Отменить заказ"
        cancel="Не отменять"
        confirmColor="warning"
        onConfirm={() => void save()}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
